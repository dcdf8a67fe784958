// Stored files by byte range (RFC 9110 §14), so an audio player can seek: 206 with the bytes asked for, 416 past
// the end, the whole file when the range is one the server may ignore.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFileKey } from '../../../server/storage/files';
import { testDatabaseKinds } from '../../fixtures/databases';
import { createTestApp, publicUrl, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('file byte ranges on %s', (kind) => {
  let t: TestApp;
  let path: string;
  const size = 10_000;
  const bytes = Buffer.from(Array.from({ length: size }, (_, n) => (n * 7) % 256));

  beforeAll(async () => {
    t = await createTestApp(kind);
    const key = newFileKey('audio', 'audio/ogg');
    await t.app.context.files.put(key, bytes);
    path = t.app.context.fileUrls.urlFor(key).slice(publicUrl.length);
  });
  afterAll(() => t.close());

  const get = (range?: string) => t.app.inject({ url: path, headers: range ? { range } : {} });

  it('serves the whole file and says ranges are accepted', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe(String(size));
    expect(response.rawPayload).toEqual(bytes);
  });

  it.each([
    ['a closed range', 'bytes=100-199', 100, 199],
    ['an open range', 'bytes=9000-', 9000, size - 1],
    ['the last bytes', 'bytes=-500', size - 500, size - 1],
    ['a range past the end, cut to it', 'bytes=9990-20000', 9990, size - 1],
    ['more last bytes than the file has', 'bytes=-20000', 0, size - 1],
    ['one byte', 'bytes=0-0', 0, 0],
  ])('answers %s with 206 and exactly those bytes', async (_name, range, start, end) => {
    const response = await get(range);
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.headers['content-type']).toBe('audio/ogg');
    expect(response.rawPayload).toEqual(bytes.subarray(start, end + 1));
  });

  it.each(['bytes=10000-', 'bytes=20000-20010', 'bytes=-0'])('answers %s with 416', async (range) => {
    const response = await get(range);
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${size}`);
    expect(response.json()).toHaveProperty('detail');
  });

  it.each(['bytes=0-1,5-6', 'items=0-10', 'bytes=abc', 'bytes=50-10', 'bytes=-'])(
    'ignores %s and serves the whole file',
    async (range) => {
      const response = await get(range);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(bytes);
    },
  );

  it('checks the signature before anything else', async () => {
    const forged = path.replace(/signature=[^&]+/, 'signature=forged');
    expect((await t.app.inject({ url: forged, headers: { range: 'bytes=0-10' } })).statusCode).toBe(403);
  });
});
