// The app-wide boot actor, with its side effects supplied by the browser services.
import { createActorContext } from '@xstate/react';
import { fetchCurrentUser } from '../../services/current-user';
import { redirectToLogin, refreshAccessToken } from '../../services/login-service';
import { tokenStore } from '../../services/token-store';
import { createBootActors } from './actors';
import { bootMachine } from './machine';

export const BootContext = createActorContext(
  bootMachine.provide({
    actors: createBootActors({ readStoredToken: tokenStore.read, refreshAccessToken, fetchCurrentUser }),
    actions: { redirectToLogin: () => redirectToLogin() },
  }),
);
