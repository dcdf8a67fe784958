// With files in an S3-compatible bucket, through the API: an uploaded call goes to the bucket (not the disk), its
// recording is played from a presigned GET URL on the bucket (after the access check) that serves byte ranges and
// stops working once expired, the page's policy lets the player load it, and logos still come through the server.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { newFileKey } from '../../../server/storage/files';
import { signedUrlStepSeconds } from '../../../server/storage/signed-urls';
import { multipartForm, wavTone } from '../../fixtures/audio';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addOrganisation, addUser } from '../../fixtures/records';
import { startS3Server, type S3Server } from '../../fixtures/s3-server';
import { bearer, createTestApp, publicUrl, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('recordings in an S3 bucket on %s', (kind) => {
  let s3: S3Server;
  let t: TestApp;
  let owner: string;
  let outsider: string;
  let callId: string;
  let audioKey: string;
  const wav = wavTone(1);

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(kind, { ...s3.environment, QM_ROLE: 'web' });
    const otherOrg = await addOrganisation(t.database.db, 'Elsewhere Ltd');
    await addUser(t.database.db, { organisationId: otherOrg, email: 'boss@elsewhere.test' });
    [owner, outsider] = await Promise.all([
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken('boss@elsewhere.test'),
    ]);
    const { payload, headers } = multipartForm(
      { campaign_id: demoCampaigns.customerCare.id },
      { bytes: wav },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/calls/audio',
      headers: { ...bearer(owner), ...headers },
      payload,
    });
    expect(uploaded.statusCode).toBe(201);
    callId = uploaded.json().id;
    const row = await t.database.db.query.conversations.findFirst({
      where: (conversations, { eq }) => eq(conversations.id, callId),
    });
    audioKey = row!.audioKey!;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const audioUrl = async (token: string) =>
    t.app.inject({ url: `/api/calls/${callId}/audio/download-url`, headers: bearer(token) });

  it('keeps the upload in the bucket, not on the disk', async () => {
    expect(await t.app.context.files.size(audioKey)).toBe(wav.length);
    const onDisk = await readdir(path.join(t.config.dataDir, 'files')).catch(() => []);
    expect(onDisk).toEqual([]);
  });

  it('plays the recording from a presigned URL on the bucket, by byte ranges too', async () => {
    const response = await audioUrl(owner);
    expect(response.statusCode).toBe(200);
    const { url, expires_at } = response.json() as { url: string; expires_at: number };
    expect(url.startsWith(`${s3.environment.S3_ENDPOINT}/qm-files/${audioKey}?`)).toBe(true);
    expect(expires_at).toBeGreaterThan(Date.now() / 1000 + 14 * 60);
    expect(expires_at).toBeLessThanOrEqual(Date.now() / 1000 + 30 * 60);

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(wav);
    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${wav.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(wav.subarray(1000, 2000));
  });

  it('hands out the same URL for a while, so the browser cache serves it', async () => {
    const { playbackUrls } = t.app.context;
    const step = signedUrlStepSeconds * 1000;
    const stepStart = Math.floor(Date.now() / step) * step;
    const first = await playbackUrls.signedUrl(audioKey, stepStart + 1000);
    expect((await playbackUrls.signedUrl(audioKey, stepStart + step - 1000)).url).toBe(first.url);
    const next = await playbackUrls.signedUrl(audioKey, stepStart + step + 1000);
    expect(next.url).not.toBe(first.url);
    expect(next.expires - first.expires).toBe(signedUrlStepSeconds);
  });

  it('checks access before handing out a URL', async () => {
    expect((await audioUrl(outsider)).statusCode).toBe(404);
  });

  it('refuses an expired presigned URL', async () => {
    const anHourAgo = Date.now() - 3600_000;
    const { url, expires } = await t.app.context.playbackUrls.signedUrl(audioKey, anHourAgo);
    expect(expires * 1000).toBeLessThan(Date.now());
    const response = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('AccessDenied');
  });

  it("lets the page's audio player load from the bucket's origin", async () => {
    const page = await t.app.inject({ url: '/api/health' });
    expect(page.headers['content-security-policy']).toContain(
      `media-src 'self' ${s3.environment.S3_ENDPOINT}`,
    );
  });

  it('serves logos from the bucket through the server, by byte ranges too', async () => {
    const key = newFileKey('logo', 'image/png');
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, n) => n % 251));
    await t.app.context.files.put(key, bytes);
    const path = t.app.context.fileUrls.urlFor(key).slice(publicUrl.length);
    const whole = await t.app.inject({ url: path });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.rawPayload).toEqual(bytes);
    const part = await t.app.inject({ url: path, headers: { range: 'bytes=-100' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(bytes.subarray(2900));
    const missing = t.app.context.fileUrls.urlFor(newFileKey('logo', 'image/png')).slice(publicUrl.length);
    expect((await t.app.inject({ url: missing })).statusCode).toBe(404);
  });
});
