// Calls to the login service (`/auth`), which authenticates with the HttpOnly refresh cookie.
import { accessTokenResponseSchema, type AccessTokenResponse } from '../../contract/auth';
import { errorFromResponse } from './api-error';
import { sessionTokenFrom, type SessionToken } from './session-token';

async function post(path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`/auth${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/**
 * A fresh access token from the refresh cookie, or null when the browser has no refresh cookie (never signed in
 * here: 204). Tabs take turns (Web Locks), because the server rotates the refresh token on every use and treats a
 * second use of the same one as theft.
 */
export async function refreshAccessToken(): Promise<SessionToken | null> {
  const refresh = async () => {
    const response = await post('/token/refresh');
    if (response.status === 204) return null;
    return sessionTokenFrom(accessTokenResponseSchema.parse(await response.json()));
  };
  return navigator.locks ? navigator.locks.request('qm-token-refresh', refresh) : refresh();
}

export async function exchangeToken(userId: string): Promise<AccessTokenResponse> {
  return accessTokenResponseSchema.parse(await (await post('/token', { userId })).json());
}

export async function logout(): Promise<void> {
  await post('/logout');
}

export function redirectToLogin(returnTo: string = window.location.href): void {
  window.location.assign(`/auth/login?redirect=${encodeURIComponent(returnTo)}`);
}
