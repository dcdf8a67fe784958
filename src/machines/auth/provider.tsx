// The signed-in session's auth actor, with its side effects supplied by the login service and token store.
import { createActorContext } from '@xstate/react';
import { redirectToLogin, refreshAccessToken } from '../../services/login-service';
import { tokenStore } from '../../services/token-store';
import { createAuthImplementations } from './actors';
import { authMachine } from './machine';

export const AuthActorContext = createActorContext(
  authMachine.provide(
    createAuthImplementations({
      refreshAccessToken,
      clearStoredToken: tokenStore.clear,
      redirectToLogin: () => redirectToLogin(),
    }),
  ),
);
