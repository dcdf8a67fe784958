// The auth machine's side effects, implemented with the login service and this tab's token store.
import { fromPromise } from 'xstate';
import type { SessionToken } from '../../services/session-token';

export interface AuthServices {
  refreshAccessToken(): Promise<SessionToken | null>;
  clearStoredToken(): void;
  redirectToLogin(): void;
}

export const createAuthImplementations = (services: AuthServices) => ({
  actors: {
    refreshToken: fromPromise<SessionToken>(async () => {
      const session = await services.refreshAccessToken();
      if (!session) throw new Error('The refresh cookie is gone: the session is over');
      return session;
    }),
  },
  actions: {
    clearStoredToken: () => services.clearStoredToken(),
    redirectToLogin: () => services.redirectToLogin(),
  },
});
