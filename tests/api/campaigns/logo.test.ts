// Campaign logos: judged by their bytes (PNG, JPEG, WebP as they are, SVG sanitised), at most 2 MB, served
// through short-lived signed links with headers that keep them inert, removed with their campaign.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoMaxBytes, type Campaign } from '../../../contract/campaigns';
import { eq } from 'drizzle-orm';
import { demoUsers } from '../../../server/demo/data';
import { campaigns } from '../../../server/db/schema';
import { signedUrlStepSeconds } from '../../../server/storage/signed-urls';
import { testDatabaseKinds } from '../../fixtures/databases';
import { jpegImage, multipartFile, pngImage, webpImage } from '../../fixtures/images';
import { bearer, createTestApp, publicUrl, type TestApp } from '../../fixtures/test-app';

const hostileSvg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"
     onload="alert('svg')">
  <script>alert('script')</script>
  <a xlink:href="javascript:alert('link')"><rect width="10" height="10" fill="purple" onclick="alert(1)"/></a>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></div></foreignObject>
  <circle cx="5" cy="5" r="2" fill="white"/>
</svg>`;

describe.each(testDatabaseKinds)('campaign logos on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  /** The agent, of the same organisation but not a member of the campaign. */
  let outsider: string;
  let campaign: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [owner, outsider] = await Promise.all([
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.agent.email),
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(owner),
      payload: { name: 'Logo lab' },
    });
    campaign = (created.json() as Campaign).id;
  });
  afterAll(() => t.close());

  const upload = (
    bytes: Buffer,
    options: Parameters<typeof multipartFile>[1] = {},
    token = owner,
    id = campaign,
  ) => {
    const { payload, headers } = multipartFile(bytes, options);
    return t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${id}/logo`,
      headers: { ...bearer(token), ...headers },
      payload,
    });
  };
  /** Fetches a logo link as a browser would: no token, path and query only. */
  const fetchLink = (link: string) => t.app.inject({ url: link.slice(publicUrl.length) });
  const storedFiles = () => readdir(path.join(t.config.dataDir, 'files')).catch(() => [] as string[]);
  const logoKeyOf = async () => {
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaign));
    return row?.logoKey ?? null;
  };

  it.each([
    { kind: 'PNG', bytes: pngImage(), mediaType: 'image/png' },
    { kind: 'JPEG', bytes: jpegImage, mediaType: 'image/jpeg' },
    { kind: 'WebP', bytes: webpImage, mediaType: 'image/webp' },
  ])('keeps a $kind logo as it is and serves it through a signed link', async ({ bytes, mediaType }) => {
    const response = await upload(bytes, { filename: 'logo.bin', mediaType: 'application/octet-stream' });
    expect(response.statusCode).toBe(200);
    const { logo_url: link } = response.json() as Campaign;
    expect(link).toMatch(new RegExp(`^${publicUrl}/api/files/logo-[\\w-]+\\.\\w+\\?expires=\\d+&signature=`));

    const served = await fetchLink(link ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mediaType);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('sanitises an SVG: no script, no event handler, no outside link, still an SVG', async () => {
    const response = await upload(Buffer.from(hostileSvg), {
      filename: 'logo.svg',
      mediaType: 'image/svg+xml',
    });
    expect(response.statusCode).toBe(200);
    const served = await fetchLink((response.json() as Campaign).logo_url ?? '');
    expect(served.headers['content-type']).toBe('image/svg+xml');
    const svg = served.body;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const unsafe of [
      '<script',
      'onload',
      'onclick',
      'javascript:',
      'tracker.example',
      'foreignObject',
      'iframe',
    ]) {
      expect(svg).not.toContain(unsafe);
    }
    expect(svg).toContain('<circle');
    expect(svg).toContain('fill="purple"');
  });

  it('judges by content, not by name or declared type', async () => {
    const pngCalledSvg = await upload(pngImage(), { filename: 'logo.svg', mediaType: 'image/svg+xml' });
    expect(pngCalledSvg.statusCode).toBe(200);
    expect((await fetchLink((pngCalledSvg.json() as Campaign).logo_url ?? '')).headers['content-type']).toBe(
      'image/png',
    );

    for (const [bytes, filename, mediaType] of [
      [Buffer.from('just some text, not an image'), 'logo.png', 'image/png'],
      [
        Buffer.from('<html><body><svg xmlns="http://www.w3.org/2000/svg"/></body></html>'),
        'logo.svg',
        'image/svg+xml',
      ],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'), 'logo.svg', 'image/svg+xml'],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'logo.gif', 'image/gif'],
      [Buffer.from([0xff, 0xfe, 0x3c, 0x00, 0x73, 0x00]), 'logo.svg', 'image/svg+xml'],
    ] as const) {
      const refused = await upload(bytes, { filename, mediaType });
      expect(refused.statusCode).toBe(415);
      expect(refused.json().detail).toBe('A logo must be a PNG, JPEG, WebP or SVG image');
    }
  });

  it('takes 2 MB and refuses one byte more with 413', async () => {
    const png = pngImage();
    const padded = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
    expect((await upload(padded(logoMaxBytes))).statusCode).toBe(200);
    const tooLarge = await upload(padded(logoMaxBytes + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toBeTypeOf('string');
  });

  it('refuses a 50 MB logo with 413 and stores nothing, whatever the timing', async () => {
    const before = { files: await storedFiles(), logo: await logoKeyOf() };
    const png = pngImage();
    const huge = Buffer.concat([png, Buffer.alloc(50 * 1024 * 1024 - png.length)]);
    // Over a real socket, where the body arrives in pieces and the limit falls between reads.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const { payload, headers } = multipartFile(huge);
      const response = await fetch(`${address}/api/campaigns/${campaign}/logo`, {
        method: 'POST',
        headers: { ...bearer(owner), ...headers },
        body: payload,
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { detail: unknown }).detail).toBeTypeOf('string');
    }
    expect({ files: await storedFiles(), logo: await logoKeyOf() }).toEqual(before);
    expect(await readdir(path.join(t.config.dataDir, 'incoming')).catch(() => [])).toEqual([]);
  });

  it('refuses many or large text fields before the file, early, with 413', async () => {
    const boundary = 'qm-fields';
    const field = (name: string, size: number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${'x'.repeat(size)}\r\n`;
    const send = (fields: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/campaigns/${campaign}/logo`,
        headers: { ...bearer(owner), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(fields),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n` +
              `Content-Type: image/png\r\n\r\n`,
          ),
          pngImage(),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    const many = await send(Array.from({ length: 200 }, (_, index) => field(`f${index}`, 10)).join(''));
    expect(many.statusCode).toBe(413);
    expect(many.json().detail).toBeTypeOf('string');
    const large = await send(field('note', 1024 * 1024));
    expect(large.statusCode).toBe(413);
    expect((await send(field('note', 100))).statusCode).toBe(200);
  });

  it('refuses a request without the logo field, or not multipart', async () => {
    expect((await upload(pngImage(), { field: 'image' })).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign}/logo`,
      headers: bearer(owner),
      payload: { logo: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload(pngImage(), {}, outsider)).statusCode).toBe(403);
  });

  it('refuses an altered, moved or expired link, and answers 404 for a file that is gone', async () => {
    const { logo_url: link } = (await upload(pngImage())).json() as Campaign;
    const url = new URL(link ?? '');
    const signature = url.searchParams.get('signature') ?? '';
    const expires = Number(url.searchParams.get('expires'));
    const withQuery = (query: Record<string, string | number>, pathname = url.pathname) =>
      t.app.inject({
        url: `${pathname}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      });

    expect((await withQuery({ expires, signature })).statusCode).toBe(200);
    const altered = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await withQuery({ expires, signature: altered })).statusCode).toBe(403);
    expect((await withQuery({ expires, signature: `${signature}!` })).statusCode).toBe(403);
    expect((await withQuery({ expires: expires + signedUrlStepSeconds, signature })).statusCode).toBe(403);
    expect((await withQuery({ expires })).statusCode).toBe(403);
    const otherKey = url.pathname.replace(/logo-[\w-]+/, 'logo-019a0000-0000-7000-8000-000000000000');
    expect((await withQuery({ expires, signature }, otherKey)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/files/..%2F..%2Fdb?expires=1&signature=x' })).statusCode).toBe(
      400,
    );

    const past = Date.now() - 2 * signedUrlStepSeconds * 1000;
    const key = url.pathname.split('/').pop() ?? '';
    const expired = new URL(t.app.context.fileUrls.urlFor(key, past));
    expect((await t.app.inject({ url: `${expired.pathname}${expired.search}` })).statusCode).toBe(403);

    const missing = new URL(t.app.context.fileUrls.urlFor('logo-019a0000-0000-7000-8000-000000000000.png'));
    expect((await t.app.inject({ url: `${missing.pathname}${missing.search}` })).statusCode).toBe(404);
  });

  it('gives the same link for a while, so browsers cache the image', async () => {
    const first = (await t.app.inject({ url: `/api/campaigns/${campaign}`, headers: bearer(owner) })).json();
    const second = (await t.app.inject({ url: `/api/campaigns/${campaign}`, headers: bearer(owner) })).json();
    expect(second.logo_url).toBe(first.logo_url);
    const served = await fetchLink(first.logo_url);
    const maxAge = Number(/max-age=(\d+)/.exec(String(served.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(signedUrlStepSeconds - 5);
    expect(maxAge).toBeLessThanOrEqual(2 * signedUrlStepSeconds);
  });

  it('replaces the old file, copies it for a duplicate, and removes it with the campaign', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(owner),
      payload: { name: 'Logo life' },
    });
    const { id } = created.json() as Campaign;
    const keyOf = (link: string | null) => new URL(link ?? '').pathname.split('/').pop() ?? '';

    const firstKey = keyOf(((await upload(pngImage(), {}, owner, id)).json() as Campaign).logo_url);
    const secondKey = keyOf(((await upload(jpegImage, {}, owner, id)).json() as Campaign).logo_url);
    expect(await storedFiles()).toContain(secondKey);
    expect(await storedFiles()).not.toContain(firstKey);

    const copy = (
      await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/duplicate`, headers: bearer(owner) })
    ).json() as Campaign;
    const copyKey = keyOf(copy.logo_url);
    expect(copyKey).not.toBe(secondKey);
    expect(await readFile(path.join(t.config.dataDir, 'files', copyKey))).toEqual(jpegImage);

    await t.app.inject({ method: 'DELETE', url: `/api/campaigns/${id}`, headers: bearer(owner) });
    expect(await storedFiles()).not.toContain(secondKey);
    expect(await storedFiles()).toContain(copyKey);
    expect((await fetchLink(copy.logo_url ?? '')).statusCode).toBe(200);
  });
});
