// The boot machine's side effects, implemented with the app's services.
import { fromPromise } from 'xstate';
import type { CurrentUser } from '../../../contract/users';
import { impersonationSessionToken, type SessionToken } from '../../services/session-token';

export interface BootServices {
  readStoredToken(): string | null;
  clearStoredToken(): void;
  refreshAccessToken(): Promise<SessionToken | null>;
  fetchCurrentUser(token: string): Promise<CurrentUser>;
  isUnauthenticated(error: unknown): boolean;
  redirectToLogin(): void;
}

export const createBootImplementations = (services: BootServices) => ({
  actors: {
    loadToken: fromPromise<SessionToken | null>(async () => {
      const stored = services.readStoredToken();
      return stored ? impersonationSessionToken(stored) : services.refreshAccessToken();
    }),
    loadCurrentUser: fromPromise<CurrentUser, SessionToken>(async ({ input }) => {
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
