// The local transcription engine: Debian's pocketsphinx with its US English model (package pocketsphinx-en-us),
// English only, in a child process; about 0.2× real time with the search narrowed as DESIGN.md §6 measured.
import { createInterface } from 'node:readline';
import { runCommand } from '../commands';
import type { TranscriptionEngine } from './index';
import { createPocketsphinxReader } from './pocketsphinx-output';
import type { TimedSegment } from './gate';

export const pocketsphinxCommand = 'pocketsphinx_continuous';

const modelDir = '/usr/share/pocketsphinx/model/en-us';
/** The acoustic model, language model and dictionary the Debian package installs. */
export const pocketsphinxModelFiles = {
  hmm: `${modelDir}/en-us`,
  lm: `${modelDir}/en-us.lm.bin`,
  dict: `${modelDir}/cmudict-en-us.dict`,
};

/** Fewer active HMMs per frame, two Gaussians per mixture, no second pass: 5× faster for a few points of WER. */
const searchFlags = ['-maxhmmpf', '3000', '-topn', '2', '-fwdflat', 'no'];

/** Generous next to 0.2× real time on a busy machine; only a stuck recogniser reaches it. */
const timeoutMs = (durationSeconds: number) => 120_000 + 3000 * durationSeconds;

export function createLocalEngine(): TranscriptionEngine {
  return {
    run: { engine: 'pocketsphinx', model: 'en-us' },
    languages: ['en'],
    parallel: false,
    async transcribe(wavPath, { durationSeconds, signal, onProgress }) {
      const segments: TimedSegment[] = [];
      const reader = createPocketsphinxReader();
      await runCommand(
        pocketsphinxCommand,
        [
          ...['-infile', wavPath, '-time', 'yes', ...searchFlags],
          ...['-hmm', pocketsphinxModelFiles.hmm, '-lm', pocketsphinxModelFiles.lm],
          ...['-dict', pocketsphinxModelFiles.dict],
        ],
        {
          signal,
          timeoutMs: timeoutMs(durationSeconds),
          consumeStdout: async (stdout) => {
            for await (const line of createInterface({ input: stdout, crlfDelay: Infinity })) {
              const segment = reader.line(line);
              if (!segment) continue;
              segments.push(segment);
              if (durationSeconds > 0) onProgress?.(Math.min(1, segment.end_s / durationSeconds));
            }
          },
        },
      );
      return segments;
    },
  };
}
