// The S3 file storage against a real S3-protocol server: what the local disk does (put, get, size, byte-range
// streams, copy, delete), a multipart upload of a file larger than a part, and the bucket's check.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFileKey, type FileStorage } from '../../../server/storage/files';
import { createS3Client, createS3FileStorage } from '../../../server/storage/s3-files';
import { startS3Server, type S3Server } from '../../fixtures/s3-server';

const bytesOf = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('S3 file storage', () => {
  let s3: S3Server;
  let files: FileStorage;
  let workDir: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    files = createS3FileStorage(createS3Client(s3.config), s3.config.bucket);
    workDir = await mkdtemp(path.join(tmpdir(), 'qm-s3-files-'));
  });
  afterAll(async () => {
    await s3.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('puts, sizes, gets and streams a file, whole or by byte range', async () => {
    const key = newFileKey('audio', 'audio/ogg');
    const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, n) => (n * 7) % 256));
    await files.put(key, bytes);
    expect(await files.size(key)).toBe(bytes.length);
    expect(await files.get(key)).toEqual(bytes);
    expect(await bytesOf(files.stream(key))).toEqual(bytes);
    expect(await bytesOf(files.stream(key, { start: 100, end: 199 }))).toEqual(bytes.subarray(100, 200));
    expect(await bytesOf(files.stream(key, { start: 9990, end: 9999 }))).toEqual(bytes.subarray(9990));
  });

  it('answers null, false or nothing for a missing file, and a failing stream', async () => {
    const missing = newFileKey('logo', 'image/png');
    expect(await files.size(missing)).toBeNull();
    expect(await files.get(missing)).toBeNull();
    expect(await files.copy(missing, newFileKey('logo', 'image/png'))).toBe(false);
    await expect(files.delete(missing)).resolves.toBeUndefined();
    await expect(text(files.stream(missing))).rejects.toThrow();
  });

  it('copies a file to a new key and deletes one without touching the other', async () => {
    const key = newFileKey('logo', 'image/png');
    const copy = newFileKey('logo', 'image/png');
    await files.put(key, Buffer.from('logo bytes'));
    expect(await files.copy(key, copy)).toBe(true);
    await files.delete(key);
    expect(await files.size(key)).toBeNull();
    expect(await files.get(copy)).toEqual(Buffer.from('logo bytes'));
  });

  it('uploads a file larger than a part in parts, and keeps it whole', async () => {
    const source = path.join(workDir, 'large.wav');
    const bytes = randomBytes(20 * 1024 * 1024 + 123);
    await writeFile(source, bytes);
    const key = newFileKey('audio', 'audio/wav');
    await files.putFile(key, source);
    expect(await files.size(key)).toBe(bytes.length);
    const tail = bytes.length - 1000;
    expect(await bytesOf(files.stream(key, { start: tail, end: bytes.length - 1 }))).toEqual(
      bytes.subarray(tail),
    );
    expect((await files.get(key))?.equals(bytes)).toBe(true);
  });

  it('refuses keys that are not file keys', async () => {
    await expect(files.put('../escape.png', Buffer.from('x'))).rejects.toThrow('Invalid file key');
    expect(() => files.stream('audio.wav')).toThrow('Invalid file key');
  });

  it('checks the bucket: it answers, and another does not', async () => {
    await expect(files.check()).resolves.toBeUndefined();
    const other = createS3FileStorage(createS3Client(s3.config), 'no-such-bucket');
    await expect(other.check()).rejects.toThrow();
  });
});
