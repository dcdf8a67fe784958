// Uploaded audio judged by its bytes, never by its name or declared type, and fingerprinted by its content so
// that the same recording uploaded twice is one call.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import type { audioMediaTypes } from '../../contract/conversation-ingestion';
import { UnsupportedMediaType } from '../errors';

export type AudioMediaType = (typeof audioMediaTypes)[number];

/**
 * The media type each recognised container is stored as, by the extension `file-type` names. An MP4 is the
 * M4A container under another brand (phones write both); a WebM is kept whole, its audio is what is read.
 */
const mediaTypesByExtension: Record<string, AudioMediaType> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  webm: 'audio/webm',
};

export const unsupportedAudioDetail = 'An audio file must be WAV, MP3, M4A/AAC, OGG/Opus, FLAC or WebM';

/** The audio type of the file at `path`; 415 when its content is none of the accepted ones. */
export async function sniffAudio(path: string): Promise<AudioMediaType> {
  const sniffed = await fileTypeFromFile(path);
  const mediaType = sniffed && mediaTypesByExtension[sniffed.ext];
  if (!mediaType) throw new UnsupportedMediaType(unsupportedAudioDetail);
  return mediaType;
}

/** The SHA-256 of the file, read as a stream (an upload may be 200 MB). */
export async function contentDigest(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}
