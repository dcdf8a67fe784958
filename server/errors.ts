// Typed errors the routes throw, which the error handler maps each to one `{ detail }` response, and the failures
// of a conversation's background work (engines and job handlers throw them; the worker records their reason).
import type { StatusReason } from '../contract/conversations';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

export class Invalid extends HttpError {
  constructor(detail: string) {
    super(400, detail);
  }
}

/** A 400 that names the fields at fault, as schema errors do (`errors: [{ path, message }]`). */
export class InvalidFields extends Invalid {
  constructor(
    detail: string,
    readonly errors: { path: string; message: string }[],
  ) {
    super(detail);
  }
}

export class Unauthenticated extends HttpError {
  constructor(detail = 'Not authenticated') {
    super(401, detail);
  }
}

/** The identity is valid but has no active access: the browser shows the unauthorized page. */
export class NeedsInvitation extends HttpError {
  constructor() {
    super(401, 'NeedsInvitation');
  }
}

export class Forbidden extends HttpError {
  constructor(detail = 'You do not have permission to do this') {
    super(403, detail);
  }
}

export class NotFound extends HttpError {
  constructor(what = 'Resource') {
    super(404, `${what} not found`);
  }
}

export class Conflict extends HttpError {
  constructor(detail: string) {
    super(409, detail);
  }
}

/** The request is well-formed but cannot be carried out as asked (it names something it may not use). */
export class Unprocessable extends HttpError {
  constructor(detail: string) {
    super(422, detail);
  }
}

/** The content is not of a kind the route accepts, whatever the request declared. */
export class UnsupportedMediaType extends HttpError {
  constructor(detail: string) {
    super(415, detail);
  }
}

/** The request, or a part of it, is larger than the route accepts. */
export class PayloadTooLarge extends HttpError {
  constructor(detail: string) {
    super(413, detail);
  }
}

/** Too many requests from one caller: `retryAfterSeconds` becomes the answer's Retry-After. */
export class TooManyRequests extends HttpError {
  constructor(
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, detail);
  }
}

/**
 * A failure whose reason is known: when it ends the job (its last attempt), the conversation fails with this
 * reason. Other errors end it with `unexpected`.
 */
export class JobError extends Error {
  override name = 'JobError';
  constructor(
    readonly reason: StatusReason,
    message: string,
  ) {
    super(message);
  }
}

/** A failure that retrying cannot mend (no engine for the language, unreadable audio): the job fails at once. */
export class PermanentJobError extends JobError {
  override name = 'PermanentJobError';
}
