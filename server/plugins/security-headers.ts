// Security headers for every answer, set in one place: a strict Content-Security-Policy for the browser app
// (the login pages and the API docs set their own), no framing, no MIME sniffing, no referrer outside the site,
// and API JSON never stored by a cache.
import helmet from '@fastify/helmet';
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

export const securityHeaders = fp(async (app: FastifyInstance, { https }: { https: boolean }) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Only meaningful over https; over http a browser ignores it, and a local install must stay reachable.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  // An API answer belongs to one user at one moment: no cache, shared or private, may keep it.
  app.addHook('onSend', async (_request, reply) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/json') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
});
