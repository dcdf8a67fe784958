// The boot machine's side effects, implemented with the app's services.
import { fromPromise } from 'xstate';
import type { CurrentUser } from '../../../contract/users';
import type { LoadedToken } from './machine';

export interface BootServices {
  readStoredToken(): string | null;
  refreshAccessToken(): Promise<{ access_token: string }>;
  fetchCurrentUser(token: string): Promise<CurrentUser>;
}

export const createBootActors = (services: BootServices) => ({
  loadToken: fromPromise<LoadedToken>(async () => {
    const stored = services.readStoredToken();
    if (stored) return { token: stored, impersonated: true };
    const { access_token: token } = await services.refreshAccessToken();
    return { token, impersonated: false };
  }),
  loadCurrentUser: fromPromise<CurrentUser, { token: string }>(({ input }) =>
    services.fetchCurrentUser(input.token),
  ),
});
