// Calls to the login service (`/auth`), which authenticates with the HttpOnly refresh cookie. Its answers are
// typed by the contract, not parsed, as the main API's are (decision 0196).
import type { AccessTokenResponse } from '../../contract/auth';
import { errorFromResponse } from './api-error';
import { sessionTokenFrom, type SessionToken } from './session-token';

const send = (path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`/auth${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });

async function post(path: string, body?: unknown): Promise<Response> {
  const response = await send(path, body);
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/** The idempotency key of the refresh on the wire, kept until its answer arrives (see `refreshAccessToken`). */
const pendingRefreshKey = 'qm.refresh.pending';

function newRefreshKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A fresh access token from the refresh cookie, or null when the browser has no refresh cookie (never signed in
 * here: 204). The server rotates the refresh token on every use and treats a second use of the same one as theft,
 * so tabs take turns (Web Locks), and each refresh carries an idempotency key kept until its answer arrives: when
 * the page is left while a refresh is on the wire, its answer (the new cookie) is lost, and the next page retries
 * that same request instead of replaying the token.
 */
export async function refreshAccessToken(): Promise<SessionToken | null> {
  const refresh = async () => {
    const key = localStorage.getItem(pendingRefreshKey) ?? newRefreshKey();
    localStorage.setItem(pendingRefreshKey, key);
    const response = await send('/token/refresh', undefined, { 'idempotency-key': key });
    // Answered, whatever the status: the request is settled and the next refresh is a new one.
    localStorage.removeItem(pendingRefreshKey);
    if (!response.ok) throw await errorFromResponse(response);
    if (response.status === 204) return null;
    return sessionTokenFrom((await response.json()) as AccessTokenResponse);
  };
  return navigator.locks ? navigator.locks.request('qm-token-refresh', refresh) : refresh();
}

export async function exchangeToken(userId: string): Promise<AccessTokenResponse> {
  return (await (await post('/token', { userId })).json()) as AccessTokenResponse;
}

export async function logout(): Promise<void> {
  await post('/logout');
}

export function redirectToLogin(returnTo: string = window.location.href): void {
  window.location.assign(`/auth/login?redirect=${encodeURIComponent(returnTo)}`);
}
