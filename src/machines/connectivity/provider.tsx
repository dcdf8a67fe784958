// The connectivity actor, watching the browser's online and offline events.
import { createActorContext } from '@xstate/react';
import { connectivityActors } from './actors';
import { connectivityMachine } from './machine';

export const ConnectivityActorContext = createActorContext(
  connectivityMachine.provide({ actors: connectivityActors }),
);
