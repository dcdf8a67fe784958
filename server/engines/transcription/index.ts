// The transcription engine interface (DESIGN.md §6): one side of a call, decoded to 16 kHz mono WAV, in; timed
// segments of text out. Implementations: the local recogniser (./local) and an OpenAI-compatible provider
// (./provider); ./transcribe picks one per call and puts the sides together.
import type { EngineRun } from '../../../contract/conversations';
import type { Language } from '../../../contract/enums';
import type { TimedSegment } from './gate';

export type { TimedSegment } from './gate';

export interface TranscribeOptions {
  language: Language;
  durationSeconds: number;
  signal: AbortSignal;
  /** How far through the audio the engine is, from 0 to 1, when it can tell. */
  onProgress?: (fraction: number) => void;
}

export interface TranscriptionEngine {
  /** What a transcript records as its origin, and the UI shows. */
  run: EngineRun;
  /** The languages it recognises. */
  languages: readonly Language[];
  /** Whether the sides of a call may be sent together (a remote service) or one after the other (a local CPU). */
  parallel: boolean;
  transcribe(wavPath: string, options: TranscribeOptions): Promise<TimedSegment[]>;
}
