// `npm run storage:migrate` as an operator runs it: the local files go to the bucket, stray files are left alone,
// and a second run copies nothing; without a bucket configured it says what to set.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFileKey, type FileStorage } from '../../../server/storage/files';
import { createS3Client, createS3FileStorage } from '../../../server/storage/s3-files';
import { startS3Server, type S3Server } from '../../fixtures/s3-server';

const run = (environment: NodeJS.ProcessEnv) =>
  promisify(execFile)('node_modules/.bin/tsx', ['scripts/storage-migrate.ts'], {
    env: { ...process.env, ...environment },
  }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );

describe('npm run storage:migrate', () => {
  let s3: S3Server;
  let bucket: FileStorage;
  let dataDir: string;
  const large = { key: newFileKey('audio', 'audio/wav'), bytes: randomBytes(12 * 1024 * 1024) };
  const logo = { key: newFileKey('logo', 'image/png'), bytes: randomBytes(2000) };
  const alreadyThere = { key: newFileKey('audio', 'audio/mpeg'), bytes: randomBytes(5000) };
  const cutShort = { key: newFileKey('audio', 'audio/ogg'), bytes: randomBytes(4000) };

  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = createS3FileStorage(createS3Client(s3.config), s3.config.bucket);
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-storage-migrate-'));
    const files = path.join(dataDir, 'files');
    await mkdir(files);
    for (const file of [large, logo, alreadyThere, cutShort])
      await writeFile(path.join(files, file.key), file.bytes);
    await writeFile(path.join(files, 'notes.txt'), 'not a stored file');
    await bucket.put(alreadyThere.key, alreadyThere.bytes);
    // A copy that holds another size than the local file is copied again.
    await bucket.put(cutShort.key, cutShort.bytes.subarray(0, 100));
  });
  afterAll(async () => {
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies what the bucket lacks, says so, and copies nothing the second time', async () => {
    const first = await run({ DATA_DIR: dataDir, ...s3.environment });
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`copied  ${large.key} (${large.bytes.length} bytes)`);
    expect(first.output).toContain(`copied  ${logo.key}`);
    expect(first.output).toContain(`copied  ${cutShort.key}`);
    expect(first.output).toContain(`skipped ${alreadyThere.key} (already in the bucket, same size)`);
    expect(first.output).toContain('ignored notes.txt');
    expect(first.output).toContain('storage:migrate: 3 copied (12.0 MB), 1 skipped, 1 ignored');
    for (const file of [large, logo, alreadyThere, cutShort])
      expect((await bucket.get(file.key))?.equals(file.bytes)).toBe(true);

    const second = await run({ DATA_DIR: dataDir, ...s3.environment });
    expect(second.code, second.output).toBe(0);
    expect(second.output).not.toContain('copied  ');
    expect(second.output).toContain('storage:migrate: 0 copied (0.0 MB), 4 skipped, 1 ignored');
  });

  it('refuses to run without a bucket, or with one that does not answer', async () => {
    const none = await run({ DATA_DIR: dataDir, S3_BUCKET: '', S3_ENDPOINT: '' });
    expect(none.code).toBe(1);
    expect(none.output).toContain('set S3_BUCKET');
    const missing = await run({ DATA_DIR: dataDir, ...s3.environment, S3_BUCKET: 'no-such-bucket' });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('The bucket no-such-bucket does not answer');
  });
});
