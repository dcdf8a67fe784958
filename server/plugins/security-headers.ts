// Security headers for every answer, set in one place: a strict Content-Security-Policy for the browser app
// (the login pages and the API docs set their own), no framing, no MIME sniffing, no referrer outside the site,
// and API JSON never stored by a cache.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The app's policy. Scripts come from the site only (Vite's build has no inline script); styles also allow
 * inline, because the toast library injects its stylesheet as a <style> element at run time.
 */
export const appContentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The API docs (swagger-ui) keep the policy their plugin computes for its scripts, with two changes: no https
 * upgrade (a local install runs on http), and styles from the site plus inline ones (swagger-ui sets style
 * attributes; a hash in the directive would void 'unsafe-inline', so the directive is rewritten whole).
 */
export const apiDocsContentSecurityPolicy = (header: string) =>
  header
    .replace(/\s*upgrade-insecure-requests;?/, '')
    .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'");

/** The policy as a header value, its directives in order: `name value value;name value`. */
const policyHeader = (policy: Record<string, string[]>) =>
  Object.entries(policy)
    .map(([directive, values]) => [directive, ...values].join(' '))
    .join(';');

export interface SecurityHeaderOptions {
  https: boolean;
  /** The origin recordings are played from when it is not the app's; null when it is. */
  mediaOrigin?: string | null;
}

/**
 * The headers every answer starts with, in helmet 8's names, values and order for the options this app once gave
 * it (@fastify/helmet): written out once here, where that plugin rebuilt helmet's middleware, policy parsing
 * included, on every request. A route may replace one (the login pages' and the API docs' policies).
 */
export function securityHeaderSet({ https, mediaOrigin }: SecurityHeaderOptions): [string, string][] {
  // Recordings played from an object store come from its origin (presigned URLs), not the app's.
  const policy = mediaOrigin
    ? { ...appContentSecurityPolicy, 'media-src': ["'self'", mediaOrigin] }
    : appContentSecurityPolicy;
  return [
    ['Content-Security-Policy', policyHeader(policy)],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'same-origin'],
    // Only meaningful over https; over http a browser ignores it, and a local install must stay reachable.
    ...(https
      ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] satisfies [string, string]]
      : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
}

/** Synchronous hooks: an async one costs every request a promise and its turns of the microtask queue. */
export const securityHeaders = fp(async (app: FastifyInstance, options: SecurityHeaderOptions) => {
  const headers = securityHeaderSet(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  // An API answer belongs to one user at one moment: no cache, shared or private, may keep it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/json') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});
