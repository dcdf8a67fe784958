// The left menu's actor.
import { createActorContext } from '@xstate/react';
import { menuMachine } from './machine';

export const MenuActorContext = createActorContext(menuMachine);
