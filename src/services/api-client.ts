// The main API client: every call carries the auth actor's token; a 401 (other than NeedsInvitation) asks the
// auth actor for a new token and retries once. Views never call it directly: queries and machine actors do.
// Answers are typed by the contract's schemas, not parsed with them: the server answers through those schemas
// already, and zod would otherwise be on the first route (decision 0196).
import { waitFor, type ActorRefFrom } from 'xstate';
import type { z } from 'zod';
import type { pageSchema } from '../../contract/common';
import type { authMachine } from '../machines/auth/machine';
import { selectIsRefreshing, selectIsSignedIn, selectToken } from '../machines/auth/selectors';
import { apiErrorOf, isNeedsInvitation, type ApiError } from './api-error';
import { takeFirstRouteData } from './first-route-data';

export type AuthActor = ActorRefFrom<typeof authMachine>;

/** The contract's schema of a page of `Item`s, for typing a list's answer. */
export type PageSchema<Item extends z.ZodType> = ReturnType<typeof pageSchema<Item>>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when a FormData. */
  body?: unknown;
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  signal?: AbortSignal;
}

export interface ApiClient {
  /** Calls the API and answers its JSON, which the contract's `Schema` describes. */
  request<Schema extends z.ZodType>(path: string, options?: RequestOptions): Promise<z.output<Schema>>;
  /** Calls the API for its effect only (204 or ignored body). */
  send(path: string, options?: RequestOptions): Promise<void>;
  /**
   * POSTs a body (JSON, or multipart when a FormData) and reports how much of it has gone; resolves to the
   * answer's status (2xx) with its JSON, which the contract's `Schema` describes.
   */
  submit<Schema extends z.ZodType>(
    path: string,
    options: SubmitOptions,
  ): Promise<{ status: number; data: z.output<Schema> }>;
  /** Calls the API and answers its successful response unread, for a body read as a stream (downloads). */
  stream(path: string, options?: RequestOptions): Promise<Response>;
  /** The current access token, for the live channel. */
  currentToken(): string;
}

export interface SubmitOptions {
  body: unknown;
  /** The share of the body sent so far, from 0 to 1. */
  onUploadProgress?: (sent: number) => void;
}

const isSuccess = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** What a call answered: its status, and the body read once. */
interface Answer {
  status: number;
  body: () => Promise<unknown>;
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

/**
 * Sends a body with XMLHttpRequest, the one browser API that reports upload progress; the JSON answer is
 * parsed once it has come.
 */
function sendWithProgress(
  url: string,
  token: string,
  { body, onUploadProgress }: SubmitOptions,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (!(body instanceof FormData)) xhr.setRequestHeader('content-type', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        // Async, so that a body that is not JSON rejects rather than throws.
        body: async () => (xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null),
      });
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.send(body instanceof FormData ? body : JSON.stringify(body));
  });
}

async function errorFromAnswer(answer: Answer): Promise<ApiError> {
  return apiErrorOf(answer.status, await answer.body().catch(() => null), `HTTP ${answer.status}`);
}

export function createApiClient(auth: AuthActor, fetchImpl: typeof fetch = fetch): ApiClient {
  /** Makes the attempt with the current token; after a 401 asks for a new token and tries once more. */
  async function authorised<A extends Answer>(attempt: (token: string) => Promise<A>): Promise<A> {
    const token = selectToken(auth.getSnapshot());
    const answer = await attempt(token);
    if (answer.status !== 401) return answer;
    const error = await errorFromAnswer(answer);
    if (isNeedsInvitation(error)) {
      auth.send({ type: 'access.lost' });
      throw error;
    }

    auth.send({ type: 'token.rejected', token });
    const settled = await waitFor(auth, (snapshot) => !selectIsRefreshing(snapshot));
    if (!selectIsSignedIn(settled)) throw error;
    return attempt(selectToken(settled));
  }

  const call = (path: string, { method = 'GET', body, query, signal }: RequestOptions) => {
    // The first call for a path the boot asked for ahead takes that answer (decision 0228).
    let askedAhead = method === 'GET' && !query ? takeFirstRouteData(path) : undefined;
    return authorised(async (token) => {
      const sent =
        askedAhead ??
        fetchImpl(`/api${path}${queryString(query)}`, {
          method,
          signal: signal ?? null,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? null : body instanceof FormData ? body : JSON.stringify(body),
        });
      askedAhead = undefined;
      const response = await sent;
      return { status: response.status, body: () => response.json() as Promise<unknown>, response };
    });
  };

  return {
    async request<Schema extends z.ZodType>(path: string, options: RequestOptions = {}) {
      const answer = await call(path, options);
      if (!isSuccess(answer)) throw await errorFromAnswer(answer);
      return (await answer.body()) as z.output<Schema>;
    },
    async send(path, options = {}) {
      const answer = await call(path, options);
      if (!isSuccess(answer)) throw await errorFromAnswer(answer);
    },
    async submit<Schema extends z.ZodType>(path: string, options: SubmitOptions) {
      const answer = await authorised((token) => sendWithProgress(`/api${path}`, token, options));
      if (!isSuccess(answer)) throw await errorFromAnswer(answer);
      return { status: answer.status, data: (await answer.body()) as z.output<Schema> };
    },
    async stream(path, options = {}) {
      const answer = await call(path, options);
      if (!isSuccess(answer)) throw await errorFromAnswer(answer);
      return answer.response;
    },
    currentToken: () => selectToken(auth.getSnapshot()),
  };
}
