// The app-wide boot actor, with its side effects supplied by the browser services, and the auth actor it runs.
import { createActorContext } from '@xstate/react';
import { browserLanguage, changeLanguage } from '../../i18n';
import { fetchCurrentUser } from '../../services/current-user';
import { redirectToLogin, refreshAccessToken } from '../../services/login-service';
import { tokenStore } from '../../services/token-store';
import { createAuthImplementations } from '../auth/actors';
import { authMachine } from '../auth/machine';
import { createBootImplementations } from './actors';
import { bootMachine } from './machine';

export const BootActorContext = createActorContext(
  bootMachine.provide(
    createBootImplementations({
      readStoredToken: tokenStore.read,
      clearStoredToken: tokenStore.clear,
      refreshAccessToken,
      fetchCurrentUser,
      changeLanguage: (language) => changeLanguage(language ?? browserLanguage),
      redirectToLogin: () => redirectToLogin(),
      auth: authMachine.provide(
        createAuthImplementations({
          refreshAccessToken,
          clearStoredToken: tokenStore.clear,
          redirectToLogin: () => redirectToLogin(),
        }),
      ),
    }),
  ),
);
