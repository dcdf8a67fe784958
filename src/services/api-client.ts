// The main API client: every call carries the auth actor's token; a 401 (other than NeedsInvitation) asks the
// auth actor for a new token and retries once. Views never call it directly: queries and machine actors do.
import { waitFor, type ActorRefFrom } from 'xstate';
import type { z } from 'zod';
import type { authMachine } from '../machines/auth/machine';
import { selectIsRefreshing, selectIsSignedIn, selectToken } from '../machines/auth/selectors';
import { errorFromResponse, isNeedsInvitation } from './api-error';

export type AuthActor = ActorRefFrom<typeof authMachine>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when a FormData. */
  body?: unknown;
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  signal?: AbortSignal;
}

export interface ApiClient {
  /** Calls the API and parses the JSON answer with `schema`. */
  request<Schema extends z.ZodType>(
    path: string,
    schema: Schema,
    options?: RequestOptions,
  ): Promise<z.output<Schema>>;
  /** Calls the API for its effect only (204 or ignored body). */
  send(path: string, options?: RequestOptions): Promise<void>;
  /** The current access token, for the live channel. */
  currentToken(): string;
}

export function queryString(query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createApiClient(auth: AuthActor, fetchImpl: typeof fetch = fetch): ApiClient {
  async function call(
    path: string,
    { method = 'GET', body, query, signal }: RequestOptions,
  ): Promise<Response> {
    const attempt = (token: string) =>
      fetchImpl(`/api${path}${queryString(query)}`, {
        method,
        signal: signal ?? null,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? null : body instanceof FormData ? body : JSON.stringify(body),
      });

    const token = selectToken(auth.getSnapshot());
    const response = await attempt(token);
    if (response.status !== 401) return response;
    const error = await errorFromResponse(response);
    if (isNeedsInvitation(error)) {
      auth.send({ type: 'access.lost' });
      throw error;
    }

    auth.send({ type: 'token.rejected', token });
    const settled = await waitFor(auth, (snapshot) => !selectIsRefreshing(snapshot));
    if (!selectIsSignedIn(settled)) throw error;
    return attempt(selectToken(settled));
  }

  return {
    async request(path, schema, options = {}) {
      const response = await call(path, options);
      if (!response.ok) throw await errorFromResponse(response);
      return schema.parse(await response.json());
    },
    async send(path, options = {}) {
      const response = await call(path, options);
      if (!response.ok) throw await errorFromResponse(response);
    },
    currentToken: () => selectToken(auth.getSnapshot()),
  };
}
