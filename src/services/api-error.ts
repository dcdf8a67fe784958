// The error every failed API call rejects with: the HTTP status, the server's `detail` and, for a refused body,
// which fields the server refused.

/** One refused field: its dotted path (`body.sections.0.name`) and the server's English message. */
export interface FieldRefusal {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: readonly FieldRefusal[] = [],
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export const isNeedsInvitation = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401 && error.detail === 'NeedsInvitation';

/** A 401 that is not NeedsInvitation: the token is missing, expired or forged. */
export const isUnauthenticated = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401 && error.detail !== 'NeedsInvitation';

export async function errorFromResponse(response: Response): Promise<ApiError> {
  return apiErrorOf(response.status, await response.json().catch(() => null), response.statusText);
}

/** The error of a failed call from its status and its parsed body (`{ detail, errors? }`, or anything else). */
export function apiErrorOf(status: number, body: unknown, fallbackDetail: string): ApiError {
  const { detail, errors } = (typeof body === 'object' && body !== null ? body : {}) as {
    detail?: unknown;
    errors?: unknown;
  };
  return new ApiError(status, typeof detail === 'string' ? detail : fallbackDetail, fieldRefusals(errors));
}

const isFieldRefusal = (value: unknown): value is FieldRefusal =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { path?: unknown }).path === 'string' &&
  typeof (value as { message?: unknown }).message === 'string';

function fieldRefusals(errors: unknown): FieldRefusal[] {
  return Array.isArray(errors) ? errors.filter(isFieldRefusal) : [];
}

/** The i18n key of a failed call's message, from its status: server details are English, the UI is not. */
export function errorMessageKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.network';
  const byStatus: Record<number, string> = {
    400: 'errors.invalid',
    401: 'errors.session',
    403: 'errors.forbidden',
    404: 'errors.notFound',
    409: 'errors.conflict',
    413: 'errors.tooLarge',
    415: 'errors.unsupportedType',
    422: 'errors.unprocessable',
    429: 'errors.tooMany',
  };
  return byStatus[error.status] ?? 'errors.server';
}

/** Whether trying the same call again can help: not after a refusal or for something that does not exist. */
export function isRetriable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.status === 429 || error.status === 401;
}

/**
 * The automatic retry of a failed query: once after a network error or a 5xx, never after a 4xx, whose answer
 * would be the same (an unknown id shows its not-found page at once).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !(error instanceof ApiError && error.status < 500);
}
