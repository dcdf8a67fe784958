// The local transcription engine on speech made by espeak-ng inside the test: English words come out with their
// times, a stereo call comes out as its two speakers, and French is refused with the reason instead of garbage.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Turn } from '../../contract/conversations';
import { loadConfig } from '../../server/config';
import {
  detectTranscriptionEngines,
  type TranscriptionEngines,
} from '../../server/engines/transcription/availability';
import { transcribeCall } from '../../server/engines/transcription/transcribe';
import { PermanentJobError } from '../../server/errors';
import { missingProgramsFor, speak, stereoCall } from '../fixtures/speech';

const needed = ['espeak-ng', 'ffmpeg', 'ffprobe', 'pocketsphinx_continuous'];
const missing = await missingProgramsFor(
  'Local transcription tests',
  needed,
  'espeak-ng ffmpeg pocketsphinx pocketsphinx-en-us',
);

const transcribe = (engines: TranscriptionEngines, file: string, language: 'en' | 'fr' = 'en') =>
  transcribeCall(engines, () => createReadStream(file), { language, signal: new AbortController().signal });

/** The words of the turns, lower-cased. */
const wordsOf = (turns: Turn[]) => new Set(turns.flatMap((turn) => turn.text.toLowerCase().split(/\s+/)));

describe('local transcription engine', () => {
  let dir: string;
  let engines: TranscriptionEngines;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'qm-local-engine-'));
    engines = (await detectTranscriptionEngines(loadConfig({}))).engines;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses French audio with the reason, without a provider', async () => {
    const refusal = transcribe(engines, path.join(dir, 'never-read.wav'), 'fr');
    await expect(refusal).rejects.toBeInstanceOf(PermanentJobError);
    await expect(refusal).rejects.toThrow(
      'No transcription engine for French: configure a transcription provider',
    );
    await expect(refusal).rejects.toMatchObject({ reason: 'no_engine_for_language' });
  });

  describe.skipIf(missing.length > 0)('with pocketsphinx installed', () => {
    it('transcribes English speech into timed segments of the agent', async () => {
      const file = await speak(
        dir,
        'english',
        'Hello, thank you for calling. How can I help you today? I would like to cancel my subscription please.',
      );
      const { turns, durationSeconds, run } = await transcribe(engines, file);
      expect(run).toEqual({ engine: 'pocketsphinx', model: 'en-us' });
      expect(durationSeconds).toBeGreaterThan(8);
      expect(turns.length).toBeGreaterThan(0);
      // pocketsphinx on synthetic speech misses many words (DESIGN.md §6 measures 30–40 % WER on read speech);
      // some of these come through every time.
      const keyWords = ['cancel', 'like', 'would', 'subscription', 'today', 'help', 'calling'];
      expect(keyWords.filter((word) => wordsOf(turns).has(word))).not.toEqual([]);
      for (const turn of turns) {
        expect(turn).toMatchObject({ speaker: 'agent', subject: null, sent_at: null, sentiment: null });
        expect(turn.start_s).toBeGreaterThanOrEqual(0.5);
        expect(turn.end_s).toBeGreaterThan(turn.start_s!);
        expect(turn.end_s).toBeLessThanOrEqual(durationSeconds);
      }
    });

    it("splits a stereo call into the agent's and the customer's turns, leaving out the agent's voice leaking into the customer's line", async () => {
      const agent = await speak(dir, 'agent', 'Hello, thank you for calling. How can I help you today?');
      const customer = await speak(dir, 'customer', 'I would like to cancel my subscription please.', {
        voice: 'en-us+m3',
      });
      // The agent speaks from 1 s to about 6 s; the customer from 7 s.
      const call = await stereoCall(
        dir,
        'call',
        { file: agent, atSeconds: 0 },
        { file: customer, atSeconds: 6 },
      );
      const { turns } = await transcribe(engines, call);
      const agentTurns = turns.filter((turn) => turn.speaker === 'agent');
      const customerTurns = turns.filter((turn) => turn.speaker === 'customer');
      expect(agentTurns.length).toBeGreaterThan(0);
      expect(customerTurns.length).toBeGreaterThan(0);
      expect(Math.max(...agentTurns.map((turn) => turn.start_s!))).toBeLessThan(6.5);
      expect(Math.min(...customerTurns.map((turn) => turn.start_s!))).toBeGreaterThan(6.5);
      expect(turns.map((turn) => turn.start_s)).toEqual(
        turns.map((turn) => turn.start_s).sort((a, b) => a! - b!),
      );
    });

    it('transcribes a stereo file whose two channels carry the same sound once, as the agent', async () => {
      const mono = await speak(dir, 'mono', 'I would like to cancel my subscription please.');
      const { turns } = await transcribe(
        engines,
        await stereoCall(
          dir,
          'duplicated',
          { file: mono, atSeconds: 0 },
          { file: mono, atSeconds: 0 },
          { bleed: 0 },
        ),
      );
      expect(turns.length).toBeGreaterThan(0);
      expect(new Set(turns.map((turn) => turn.speaker))).toEqual(new Set(['agent']));
    });

    it('refuses a file that is not audio, for good', async () => {
      const notAudio = path.join(dir, 'not-audio.wav');
      await writeFile(notAudio, 'RIFF but not really a wave file');
      await expect(transcribe(engines, notAudio)).rejects.toThrow(/^The audio cannot be decoded: /);
      await expect(transcribe(engines, notAudio)).rejects.toBeInstanceOf(PermanentJobError);
      await expect(transcribe(engines, notAudio)).rejects.toMatchObject({ reason: 'audio_unreadable' });
    });
  });
});
