// The boot machine's side effects, implemented with the app's services.
import { fromPromise } from 'xstate';
import type { AccessTokenResponse } from '../../../contract/auth';
import type { CurrentUser } from '../../../contract/users';
import type { LoadedToken } from './machine';

export interface BootServices {
  readStoredToken(): string | null;
  clearStoredToken(): void;
  refreshAccessToken(): Promise<AccessTokenResponse>;
  fetchCurrentUser(token: string): Promise<CurrentUser>;
  isUnauthenticated(error: unknown): boolean;
  redirectToLogin(): void;
}

export const createBootImplementations = (services: BootServices) => ({
  actors: {
    loadToken: fromPromise<LoadedToken>(async () => {
      const stored = services.readStoredToken();
      if (stored) return { token: stored, expiresIn: 0, impersonated: true };
      const { access_token: token, expires_in: expiresIn } = await services.refreshAccessToken();
      return { token, expiresIn, impersonated: false };
    }),
    loadCurrentUser: fromPromise<CurrentUser, LoadedToken>(async ({ input }) => {
      try {
        return await services.fetchCurrentUser(input.token);
      } catch (error) {
        // Spec §4: when logged in as another user, a 401 clears the stored token and fails.
        if (input.impersonated && services.isUnauthenticated(error)) services.clearStoredToken();
        throw error;
      }
    }),
  },
  actions: {
    redirectToLogin: () => services.redirectToLogin(),
  },
});
