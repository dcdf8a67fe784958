// The app-wide boot actor, with its side effects supplied by the browser services, and the auth actor it runs. It is
// created with the entry point, which starts it before React and the rest of the app's code have downloaded
// (decision 0228): the session is known, and the first route's data asked for, by the time the app renders.
import { createActor } from 'xstate';
import { browserLanguage } from '../../i18n/languages';
import { fetchCurrentUser } from '../../services/current-user';
import { requestFirstRouteData } from '../../services/first-route-data';
import { redirectToLogin, refreshAccessToken } from '../../services/login-service';
import { tokenStore } from '../../services/token-store';
import { createAuthImplementations } from '../auth/actors';
import { authMachine } from '../auth/machine';
import { createBootImplementations } from './actors';
import { bootMachine } from './machine';

export const bootActor = createActor(
  bootMachine.provide(
    createBootImplementations({
      readStoredToken: tokenStore.read,
      clearStoredToken: tokenStore.clear,
      refreshAccessToken,
      fetchCurrentUser,
      requestFirstRouteData: (token) => requestFirstRouteData(window.location.pathname, token),
      // i18next comes with the app's code, which the boot does not wait for until it needs the translations.
      changeLanguage: async (language) =>
        (await import('../../i18n')).changeLanguage(language ?? browserLanguage),
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
