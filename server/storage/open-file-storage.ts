// Picks where files are kept from the configuration: an S3-compatible bucket when S3_BUCKET is set, else the
// local disk (DATA_DIR/files), with the bucket's own URLs for playing recordings when there is one.
import path from 'node:path';
import type { Config } from '../config';
import { createLocalFileStorage, type FileStorage } from './files';
import { presignedPlaybackUrls, type PlaybackUrls } from './playback-urls';
import { createS3Client, createS3FileStorage } from './s3-files';

export interface OpenedFileStorage {
  files: FileStorage;
  /** The bucket's presigned URLs; null on the local disk, whose files the server serves itself. */
  presignedUrls: PlaybackUrls | null;
  /** The origin browsers fetch recordings from when it is not the app's (the bucket's), for the page's policy. */
  mediaOrigin: string | null;
  close(): void;
}

export async function openFileStorage(config: Config): Promise<OpenedFileStorage> {
  const store = config.objectStorage;
  if (!store) {
    const files = createLocalFileStorage(path.join(config.dataDir, 'files'));
    return { files, presignedUrls: null, mediaOrigin: null, close: () => undefined };
  }
  const client = createS3Client(store);
  const presignedUrls = presignedPlaybackUrls(client, store.bucket);
  // Where presigned URLs point (the endpoint, or the bucket's own host name without path style), as the SDK builds it.
  const { url } = await presignedUrls.signedUrl('audio-00000000-0000-0000-0000-000000000000.wav');
  return {
    files: createS3FileStorage(client, store.bucket),
    presignedUrls,
    mediaOrigin: new URL(url).origin,
    close: () => client.destroy(),
  };
}
