// Signed file URLs: whoever holds one fetches the file until it expires, with no token, so an <img> can load it.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** A URL lives 15 to 30 minutes: its expiry is rounded up to a 15-minute step (see `urlFor`). */
export const signedUrlStepSeconds = 15 * 60;

export interface SignedUrls {
  urlFor(key: string, now?: number): string;
  /** The URL with the moment it expires, in unix seconds. */
  signedUrl(key: string, now?: number): { url: string; expires: number };
  /** True when the signature is the key's and `expires` (unix seconds) has not passed. */
  verify(key: string, expires: number, signature: string, now?: number): boolean;
}

/**
 * `secret` is the server's signing secret; the URL key is derived from it (HKDF), so a file signature can never
 * pass for an access token's or the reverse. `baseUrl` is the public URL of the app.
 */
export function createSignedUrls(secret: string, baseUrl: string): SignedUrls {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'quality-monitoring/file-urls', 32));
  const sign = (fileKey: string, expires: number) =>
    createHmac('sha256', key).update(`${fileKey}\n${expires}`).digest('base64url');
  const signedUrl = (fileKey: string, now = Date.now()) => {
    // Rounded up to a step, the same URL comes back for a while, so the browser's cache serves it.
    const expires = Math.ceil(now / 1000 / signedUrlStepSeconds + 1) * signedUrlStepSeconds;
    return {
      url: `${baseUrl}/api/files/${fileKey}?expires=${expires}&signature=${sign(fileKey, expires)}`,
      expires,
    };
  };
  return {
    urlFor: (fileKey, now) => signedUrl(fileKey, now).url,
    signedUrl,
    verify(fileKey, expires, signature, now = Date.now()) {
      if (expires * 1000 <= now) return false;
      // Compared as text: base64url decoding skips stray characters, so an altered string could decode alike.
      const expected = Buffer.from(sign(fileKey, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
