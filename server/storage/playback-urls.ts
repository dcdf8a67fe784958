// The URL a browser plays a recording from, after the caller's access was checked: a presigned GET on the bucket
// when files are in S3 (the store serves the bytes and the byte ranges), else the server's signed /api/files URL.
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mediaTypeOfKey } from './files';
import { signedUrlStepSeconds, type SignedUrls } from './signed-urls';

export interface PlaybackUrls {
  /** The URL with the moment it expires, in unix seconds. */
  signedUrl(key: string, now?: number): Promise<{ url: string; expires: number }>;
}

export const serverPlaybackUrls = (fileUrls: SignedUrls): PlaybackUrls => ({
  signedUrl: async (key, now) => fileUrls.signedUrl(key, now),
});

/**
 * Presigned GETs, signed as of the start of the current 15-minute step and valid for two steps: the same URL comes
 * back for a while (the browser's cache serves it), and it lives 15 to 30 minutes, as the server's own links do.
 */
export function presignedPlaybackUrls(client: S3Client, bucket: string): PlaybackUrls {
  return {
    async signedUrl(key, now = Date.now()) {
      const signedAt = Math.floor(now / 1000 / signedUrlStepSeconds) * signedUrlStepSeconds;
      const expiresIn = 2 * signedUrlStepSeconds;
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          // The media type whatever the object was stored with (a file copied by storage:migrate, say).
          ResponseContentType: mediaTypeOfKey(key) ?? undefined,
        }),
        { expiresIn, signingDate: new Date(signedAt * 1000) },
      );
      return { url, expires: signedAt + expiresIn };
    },
  };
}
