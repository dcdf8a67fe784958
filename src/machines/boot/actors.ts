// The boot machine's side effects, implemented with the app's services; the auth actor it hands the session to
// comes with its own.
import { fromPromise } from 'xstate';
import type { Language } from '../../../contract/enums';
import type { CurrentUser } from '../../../contract/users';
import { impersonationSessionToken, type SessionToken } from '../../services/session-token';
import type { authMachine } from '../auth/machine';
import type { FoundSession } from './machine';

export interface BootServices {
  readStoredToken(): string | null;
  clearStoredToken(): void;
  refreshAccessToken(): Promise<SessionToken | null>;
  fetchCurrentUser(token: string): Promise<CurrentUser>;
  /** Asks for the data of the page the app opens on with the token, beside the user's (decision 0228). */
  requestFirstRouteData(token: string): void;
  /** Speaks `language`, or the browser's language for null, once its translations are loaded. */
  changeLanguage(language: Language | null): Promise<void>;
  redirectToLogin(): void;
  /** The auth machine, its own side effects supplied. */
  auth: typeof authMachine;
}

export const createBootImplementations = (services: BootServices) => ({
  actors: {
    loadToken: fromPromise<SessionToken | null>(async () => {
      const stored = services.readStoredToken();
      return stored ? impersonationSessionToken(stored) : services.refreshAccessToken();
    }),
    loadCurrentUser: fromPromise<FoundSession, SessionToken>(async ({ input }) => ({
      session: input,
      user: await services.fetchCurrentUser(input.token),
    })),
    changeLanguage: fromPromise<void, Language | null>(({ input }) => services.changeLanguage(input)),
    auth: services.auth,
  },
  actions: {
    redirectToLogin: () => services.redirectToLogin(),
    clearStoredToken: () => services.clearStoredToken(),
    requestFirstRouteData: (_: unknown, { token }: { token: string }) =>
      services.requestFirstRouteData(token),
    changeLanguage: (_: unknown, { language }: { language: Language | null }) =>
      void services.changeLanguage(language),
  },
});
