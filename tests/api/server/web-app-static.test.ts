// The built web app is sent compressed when the browser accepts it, hashed assets are cached for good and
// index.html is revalidated on every visit.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from '../../../server/plugins/web-app';

const script = `console.log(${JSON.stringify('the same line again '.repeat(200))});\n`;
const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head></html>';

/** A dist/ as `npm run build` leaves it: each file beside its brotli and gzip copies. */
async function writeBuiltApp(root: string) {
  await mkdir(path.join(root, 'assets'), { recursive: true });
  for (const [file, content] of [
    ['index.html', indexHtml],
    ['assets/index-Ab12Cd34.js', script],
  ] as const) {
    await writeFile(path.join(root, file), content);
    await writeFile(path.join(root, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(root, `${file}.gz`), gzipSync(content));
  }
}

describe('the built web app', () => {
  let root = '';
  let app: FastifyInstance;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'qm-web-app-'));
    await writeBuiltApp(root);
    app = Fastify();
    await app.register(webApp, { root });
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that accepts brotli', async () => {
    const response = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gzipped = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets browsers keep hashed assets for a year without asking again', async () => {
    const response = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html revalidated, whether asked by name or for a client-side route', async () => {
    for (const url of ['/index.html', '/campaigns', '/']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(indexHtml);
    }
  });

  it('answers HEAD on a client-side route as GET, without the body', async () => {
    for (const url of ['/', '/campaigns']) {
      const get = await app.inject({ url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe('no-cache');
      expect(head.body, url).toBe('');
    }
  });

  it('answers a missing asset with a JSON 404, not with index.html', async () => {
    const response = await app.inject({
      url: '/assets/gone-Zz99Yy88.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Route GET /assets/gone-Zz99Yy88.js not found' });
  });
});
