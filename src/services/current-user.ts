// Loads the current user from the main API.
import { currentUserSchema, type CurrentUser } from '../../contract/users';
import { errorFromResponse } from './api-error';

export async function fetchCurrentUser(token: string): Promise<CurrentUser> {
  const response = await fetch('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw await errorFromResponse(response);
  return currentUserSchema.parse(await response.json());
}
