// Stored files in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, R2…), one object per key, through the AWS
// SDK v3: the same `FileStorage` as the local disk, for processes on several machines.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ObjectStorageConfig } from '../config';
import { fileKeyPattern, mediaTypeOfKey, type ByteRange, type FileStorage } from './files';

/**
 * Parts of a multipart upload: an upload holds at most `uploadQueueSize` of them in memory at once (S3's smallest
 * part is 5 MB; 8 MB keeps a 200 MB upload within S3's 10,000 parts with room to spare).
 */
const uploadPartBytes = 8 * 1024 * 1024;
const uploadQueueSize = 2;

export function createS3Client(config: ObjectStorageConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    // The SDK's newer default sends CRC checksums as trailers of an aws-chunked body, which many S3-compatible
    // stores do not read: checksums only where an operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function assertKey(key: string) {
  if (!fileKeyPattern.test(key)) throw new Error(`Invalid file key: ${key}`);
}

/** True for the store's "no such object" (a 404: `NoSuchKey` from GET, a bare `NotFound` from HEAD). */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;

const nullIfMissing = (error: unknown) => {
  if (isMissing(error)) return null;
  throw error;
};

const contentTypeOf = (key: string) => mediaTypeOfKey(key) ?? 'application/octet-stream';

/** The objects of `bucket`, keyed as on the local disk. */
export function createS3FileStorage(
  client: S3Client,
  bucket: string,
): FileStorage & {
  /** Throws unless the bucket answers (it exists and these credentials may use it). */
  check(): Promise<void>;
} {
  return {
    async put(key, body) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentTypeOf(key) }),
      );
    },
    async putFile(key, sourcePath) {
      assertKey(key);
      // One PUT for a small file; a multipart upload, part by part, for a large one: never the whole file in memory.
      await new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: key,
          Body: createReadStream(sourcePath),
          ContentType: contentTypeOf(key),
        },
        partSize: uploadPartBytes,
        queueSize: uploadQueueSize,
      }).done();
    },
    async size(key) {
      assertKey(key);
      return client
        .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
        .then((head) => head.ContentLength ?? 0, nullIfMissing);
    },
    stream(key, range?: ByteRange) {
      assertKey(key);
      const abort = new AbortController();
      async function* body() {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
          { abortSignal: abort.signal },
        );
        yield* object.Body as Readable;
      }
      // The request goes out when the stream is first read; destroying the stream before then aborts it.
      const stream = Readable.from(body(), { objectMode: false });
      stream.once('close', () => abort.abort());
      return stream;
    },
    async get(key) {
      assertKey(key);
      return client
        .send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        .then(async (object) => Buffer.from(await object.Body!.transformToByteArray()), nullIfMissing);
    },
    async copy(fromKey, toKey) {
      assertKey(fromKey);
      assertKey(toKey);
      return client
        .send(new CopyObjectCommand({ Bucket: bucket, Key: toKey, CopySource: `${bucket}/${fromKey}` }))
        .then(
          () => true,
          (error: unknown) => nullIfMissing(error) ?? false,
        );
    },
    async delete(key) {
      assertKey(key);
      // S3 answers a delete of a missing object like any other.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async check() {
      // The bucket exists and these credentials may use it.
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
