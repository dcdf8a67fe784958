// Loads the current user from the main API (typed by the contract, not parsed: decision 0196).
import type { CurrentUser } from '../../contract/users';
import { errorFromResponse } from './api-error';

export async function fetchCurrentUser(token: string): Promise<CurrentUser> {
  const response = await fetch('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as CurrentUser;
}
