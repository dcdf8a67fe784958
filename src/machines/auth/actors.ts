// The auth machine's side effects, implemented with the login service and this tab's token store.
import { fromPromise } from 'xstate';
import type { AccessTokenResponse } from '../../../contract/auth';
import type { RefreshedToken } from './machine';

export interface AuthServices {
  refreshAccessToken(): Promise<AccessTokenResponse>;
  clearStoredToken(): void;
  redirectToLogin(): void;
}

export const createAuthImplementations = (services: AuthServices) => ({
  actors: {
    refreshToken: fromPromise<RefreshedToken>(async () => {
      const { access_token: token, expires_in: expiresIn } = await services.refreshAccessToken();
      return { token, expiresIn };
    }),
  },
  actions: {
    clearStoredToken: () => services.clearStoredToken(),
    redirectToLogin: () => services.redirectToLogin(),
  },
});
