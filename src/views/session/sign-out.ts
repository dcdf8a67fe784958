// Leaving the app: end the login (or only the "logged in as" session) and go where the user expects.
import { logout, redirectToLogin } from '../../services/login-service';
import { tokenStore } from '../../services/token-store';

export async function signOut(): Promise<void> {
  tokenStore.clear();
  await logout().catch(() => undefined);
  redirectToLogin(`${window.location.origin}/`);
}

/** Ends a "logged in as another user" session in this tab and returns to the admin's own account. */
export function leaveImpersonation(): void {
  tokenStore.clear();
  window.location.assign('/');
}
