// The app-wide boot actor, with its side effects supplied by the browser services.
import { createActorContext } from '@xstate/react';
import { isUnauthenticated } from '../../services/api-error';
import { fetchCurrentUser } from '../../services/current-user';
import { redirectToLogin, refreshAccessToken } from '../../services/login-service';
import { tokenStore } from '../../services/token-store';
import { createBootImplementations } from './actors';
import { bootMachine } from './machine';
import { changeLanguage } from '../../i18n';

export const BootActorContext = createActorContext(
  bootMachine.provide(
    createBootImplementations({
      readStoredToken: tokenStore.read,
      clearStoredToken: tokenStore.clear,
      refreshAccessToken,
      fetchCurrentUser: async (token) => {
        const user = await fetchCurrentUser(token);
        if (user.language) await changeLanguage(user.language);
        return user;
      },
      isUnauthenticated,
      redirectToLogin: () => redirectToLogin(),
    }),
  ),
);
