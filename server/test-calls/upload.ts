// What a test call's file is: audio, judged by its bytes as every call upload is, or else a text transcript
// ("Agent: …" / "Customer: …" lines) in UTF-8. Anything else is refused with 415, a transcript too large with 413.
import { readFile } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { testTranscriptMaxBytes } from '../../contract/test-calls';
import { sniffAudio, type AudioMediaType } from '../conversation-ingestion/audio';
import { PayloadTooLarge, UnsupportedMediaType } from '../errors';

export type TestCallFile =
  { source: 'audio'; path: string; mediaType: AudioMediaType } | { source: 'transcript'; text: string };

export const notTestCallFileDetail =
  'A test call must be an audio file (WAV, MP3, M4A/AAC, OGG/Opus, FLAC or WebM) or a text transcript in UTF-8';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function transcriptText(bytes: Buffer): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new UnsupportedMediaType(notTestCallFileDetail);
  }
  if (text.includes('\u0000')) throw new UnsupportedMediaType(notTestCallFileDetail);
  return text.replace(/^\uFEFF/, '');
}

/** Reads the received file at `path` (`size` bytes) as a recording or a transcript. */
export async function readTestCallFile(path: string, size: number): Promise<TestCallFile> {
  // A file of a known binary kind that is no audio (an image, a PDF) is neither.
  if (await fileTypeFromFile(path)) {
    const mediaType = await sniffAudio(path).catch(() => {
      throw new UnsupportedMediaType(notTestCallFileDetail);
    });
    return { source: 'audio', path, mediaType };
  }
  if (size > testTranscriptMaxBytes)
    throw new PayloadTooLarge(`A text transcript must be at most ${testTranscriptMaxBytes} bytes`);
  return { source: 'transcript', text: transcriptText(await readFile(path)) };
}
