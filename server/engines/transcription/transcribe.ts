// Transcribing a call: the engine for its language, the audio decoded into its sides, each side transcribed,
// the loudness gate applied, and the segments of both sides in time order as turns of the conversation.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EngineRun, Turn } from '../../../contract/conversations';
import type { Language } from '../../../contract/enums';
import { PermanentJobError } from '../../errors';
import { decodeAudio, type DecodedChannel } from './audio';
import type { TranscriptionEngines } from './availability';
import { gateSegments } from './gate';
import type { TimedSegment, TranscriptionEngine } from './index';

export interface CallTranscript {
  turns: Turn[];
  durationSeconds: number;
  run: EngineRun;
}

/** The engine that transcribes `language`, or the reason there is none (retrying cannot help). */
export function chooseEngine(engines: TranscriptionEngines, language: Language): TranscriptionEngine {
  if (engines.provider) {
    if (!engines.decoder)
      throw new PermanentJobError(
        'audio_decoder_missing',
        'ffmpeg is not installed: install the Debian package ffmpeg to decode call audio',
      );
    return engines.provider;
  }
  if (language === 'fr')
    throw new PermanentJobError(
      'no_engine_for_language',
      'No transcription engine for French: configure a transcription provider',
    );
  if (!engines.local || !engines.decoder)
    throw new PermanentJobError(
      'no_engine_installed',
      'No transcription engine installed: install the Debian packages pocketsphinx, pocketsphinx-en-us and ffmpeg, ' +
        'or configure a transcription provider',
    );
  return engines.local;
}

const roundedSeconds = (seconds: number) => Math.round(seconds * 100) / 100;

async function transcribeSides(
  engine: TranscriptionEngine,
  channels: readonly DecodedChannel[],
  options: {
    language: Language;
    durationSeconds: number;
    signal: AbortSignal;
    onProgress?: (f: number) => void;
  },
): Promise<TimedSegment[][]> {
  const fractions = channels.map(() => 0);
  const sideOptions = (index: number) => ({
    ...options,
    onProgress: (fraction: number) => {
      fractions[index] = fraction;
      options.onProgress?.(fractions.reduce((sum, value) => sum + value, 0) / channels.length);
    },
  });
  if (engine.parallel)
    return Promise.all(
      channels.map((channel, index) => engine.transcribe(channel.wavPath, sideOptions(index))),
    );
  const sides: TimedSegment[][] = [];
  for (const [index, channel] of channels.entries())
    sides.push(await engine.transcribe(channel.wavPath, sideOptions(index)));
  return sides;
}

/**
 * Transcribes the call's audio, read from the stream `openAudio` gives once an engine is found, in `language`. Throws `PermanentJobError` when no engine can
 * (French without a provider, nothing installed), when the audio cannot be decoded or holds no speech.
 */
export async function transcribeCall(
  engines: TranscriptionEngines,
  openAudio: () => Readable,
  options: { language: Language; signal: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<CallTranscript> {
  const engine = chooseEngine(engines, options.language);
  const workDir = await mkdtemp(path.join(tmpdir(), 'qm-transcription-'));
  try {
    const sourcePath = path.join(workDir, 'source');
    await pipeline(openAudio(), createWriteStream(sourcePath), { signal: options.signal }).catch(
      (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw new PermanentJobError('audio_missing', "The call's audio file is missing from storage");
        throw error;
      },
    );
    const decoded = await decodeAudio(sourcePath, workDir, options);
    const sides = await transcribeSides(engine, decoded.channels, {
      ...options,
      durationSeconds: decoded.durationSeconds,
    });
    const gated = gateSegments(
      decoded.channels.map((channel, index) => ({ ...channel, segments: sides[index]! })),
    );
    const turns = decoded.channels
      .flatMap((channel, index) => gated[index]!.map((segment) => ({ speaker: channel.speaker, segment })))
      .sort((a, b) => a.segment.start_s - b.segment.start_s)
      .map(({ speaker, segment }): Turn => ({
        speaker,
        text: segment.text,
        subject: null,
        start_s: roundedSeconds(segment.start_s),
        end_s: roundedSeconds(segment.end_s),
        sent_at: null,
        sentiment: null,
      }));
    if (turns.length === 0) throw new PermanentJobError('no_speech', 'No speech was recognised in the audio');
    return { turns, durationSeconds: decoded.durationSeconds, run: engine.run };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
