// The object store in the configuration (S3_*): off unless S3_BUCKET is set, read whole when it is, and a
// start-up error naming the variable for anything malformed or incomplete.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('object storage in the configuration', () => {
  it('is off by default and with empty variables: files stay on the local disk', () => {
    expect(loadConfig({}).objectStorage).toBeNull();
    expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: ' ', S3_FORCE_PATH_STYLE: '' }).objectStorage).toBeNull();
  });

  it('reads the bucket, endpoint, region, keys and path style', () => {
    expect(
      loadConfig({
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_BUCKET: 'qm-files',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).objectStorage,
    ).toEqual({
      bucket: 'qm-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it("defaults to AWS in us-east-1 with the SDK's own credentials and virtual-hosted buckets", () => {
    expect(loadConfig({ S3_BUCKET: 'qm-files' }).objectStorage).toEqual({
      bucket: 'qm-files',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET is required with S3_ENDPOINT'],
    [
      { S3_BUCKET: 'qm-files', S3_ENDPOINT: 'ftp://minio' },
      'S3_ENDPOINT: must be an http:// or https:// URL',
    ],
    [{ S3_BUCKET: 'qm-files', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be an http:// or https:// URL'],
    [{ S3_BUCKET: 'Files_2' }, 'S3_BUCKET: must be a bucket name'],
    [{ S3_BUCKET: 'qm-files', S3_REGION: 'EU West' }, 'S3_REGION: must be a region name'],
    [
      { S3_BUCKET: 'qm-files', S3_ACCESS_KEY_ID: 'key' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ],
    [{ S3_BUCKET: 'qm-files', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuses %o at start-up: %s', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(/^Invalid configuration:/);
    expect(() => loadConfig(environment)).toThrow(message);
  });
});
