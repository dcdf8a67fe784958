// Guards for the login service: same-origin POSTs only (no CSRF), and redirects only into this app.
import type { FastifyRequest } from 'fastify';
import { Forbidden, Invalid } from '../errors';

/**
 * Browsers send Origin (and Sec-Fetch-Site) on every cross-site POST; refusing any other origin stops a foreign
 * page from spending the refresh cookie. Clients that are not browsers send neither and cannot ride a cookie.
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== new URL(publicUrl).origin) {
    throw new Forbidden('Cross-site request refused');
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new Forbidden('Cross-site request refused');
}

/**
 * The absolute URL to send the browser to after login; only URLs of this app are accepted. The target is parsed
 * with the WHATWG URL parser browsers use, and its normalised form is returned, so tricks such as `/\evil.example`
 * or embedded tabs resolve to a foreign origin here too and are refused.
 */
export function resolveRedirect(target: string | undefined, publicUrl: string): string {
  const base = new URL(`${publicUrl}/`);
  if (!target) return base.href;
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    throw new Invalid('The redirect must be a URL of this application');
  }
  const insideApp = url.origin === base.origin && url.pathname.startsWith(base.pathname);
  if (!insideApp) {
    throw new Invalid('The redirect must be a URL of this application');
  }
  return url.href;
}
