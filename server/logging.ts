// The server's log options: what a request, a response and an error look like in the log, with every secret
// left out — query strings (access tokens, link signatures), invitation tokens in paths, credentials in
// headers, and the parameters of a failed SQL statement.
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** A path fit for the log: no query string, and the secret of an invitation link replaced. */
export function loggablePath(url: string): string {
  const [pathOnly = ''] = url.split('?');
  return pathOnly.replace(/^(\/auth\/invitations\/)[^/]+/, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  headers?: Record<string, unknown>;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

interface DatabaseFailure extends Error {
  query?: unknown;
  params?: unknown;
  code?: unknown;
  cause?: unknown;
}

/**
 * An error as logged: its type, message and stack; for a failed SQL statement, the statement (placeholders
 * only), the database's error code and where it failed, never the parameters nor the database's message
 * (which quotes the offending value).
 */
export function serializeError(error: DatabaseFailure): LoggedError {
  const failure = 'params' in error ? error : error.cause;
  if (failure && typeof failure === 'object' && 'params' in failure) {
    const cause = (failure as DatabaseFailure).cause as Record<string, unknown> | undefined;
    return {
      type: 'DatabaseQueryError',
      message: 'A database statement failed',
      query: (failure as DatabaseFailure).query,
      code: cause?.code,
      table: cause?.table,
      constraint: cause?.constraint,
      // The frames only: the first lines of the stack repeat the message, parameters included.
      stack: (error.stack ?? '')
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n'),
    };
  }
  return { type: error.name, message: error.message, code: error.code, stack: error.stack ?? '' };
}

export function loggerOptions(config: Config): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordHash',
        '*.token',
        '*.refreshToken',
        '*.access_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: loggablePath(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
      err: serializeError,
    },
  };
}
