// The transcription provider against a small OpenAI-compatible service started by the test: what it sends (the
// audio as multipart with the model, the bearer key, verbose_json), one request per side of a stereo call, and
// which failures are retried later (timeouts, 5xx) and which are final (the request refused).
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import {
  detectTranscriptionEngines,
  type TranscriptionEngines,
} from '../../server/engines/transcription/availability';
import { transcribeCall } from '../../server/engines/transcription/transcribe';
import { PermanentJobError } from '../../server/errors';
import { missingProgramsFor, writeToneWav } from '../fixtures/speech';
import {
  startFakeTranscriptionProvider,
  verboseJson,
  type FakeTranscriptionProvider,
} from '../fixtures/fake-transcription-provider';

const missing = await missingProgramsFor('Transcription provider tests', ['ffmpeg', 'ffprobe'], 'ffmpeg');

describe.skipIf(missing.length > 0)('transcription provider', () => {
  let dir: string;
  let provider: FakeTranscriptionProvider;
  let engines: TranscriptionEngines;
  let monoCall: string;
  let stereoCall: string;

  const transcribe = (file: string, language: 'en' | 'fr' = 'fr') =>
    transcribeCall(engines, () => createReadStream(file), { language, signal: new AbortController().signal });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'qm-provider-engine-'));
    provider = await startFakeTranscriptionProvider();
    const config = loadConfig({
      TRANSCRIPTION_BASE_URL: provider.baseUrl,
      TRANSCRIPTION_API_KEY: 'test-key',
      TRANSCRIPTION_MODEL: 'whisper-large-v3',
      TRANSCRIPTION_TIMEOUT: '1',
    });
    engines = (await detectTranscriptionEngines(config)).engines;
    monoCall = await writeToneWav(dir, 'mono', { durationSeconds: 3, spans: [[0.5, 2.5]] });
    // The agent's side sounds from 0.5 to 2.5 s, the customer's from 3 to 5 s.
    stereoCall = await writeToneWav(dir, 'stereo', {
      durationSeconds: 6,
      spans: [
        [0.5, 2.5],
        [3, 5],
      ],
    });
  });
  beforeEach(() => provider.requests.splice(0));
  afterAll(async () => {
    await provider.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the audio with the model and the key, and reads the timed segments of verbose_json', async () => {
    provider.answerWith(() => ({
      status: 200,
      body: verboseJson([{ start: 0.5, end: 2.4, text: ' Bonjour, je voudrais résilier. ' }]),
    }));
    const transcript = await transcribe(monoCall);

    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request).toMatchObject({
      path: '/v1/audio/transcriptions',
      authorization: 'Bearer test-key',
      fields: { model: 'whisper-large-v3', response_format: 'verbose_json', language: 'fr' },
      file: { type: 'audio/wav' },
    });
    expect(request?.file?.size).toBeGreaterThan(1000);
    expect(transcript.run).toEqual({ engine: 'openai-compatible', model: 'whisper-large-v3' });
    expect(transcript.durationSeconds).toBeCloseTo(3, 1);
    expect(transcript.turns).toEqual([
      {
        speaker: 'agent',
        text: 'Bonjour, je voudrais résilier.',
        subject: null,
        start_s: 0.5,
        end_s: 2.4,
        sent_at: null,
        sentiment: null,
      },
    ]);
  });

  it("sends each side of a stereo call on its own and keeps each side's segments where it sounds", async () => {
    // The service hears something on both sides at both times; the gate keeps what each side really says.
    provider.answerWith(() => ({
      status: 200,
      body: verboseJson([
        { start: 0.5, end: 2.5, text: 'How can I help?' },
        { start: 3, end: 5, text: 'I want to cancel.' },
      ]),
    }));
    const { turns } = await transcribe(stereoCall, 'en');
    expect(provider.requests).toHaveLength(2);
    expect(turns.map((turn) => [turn.speaker, turn.text])).toEqual([
      ['agent', 'How can I help?'],
      ['customer', 'I want to cancel.'],
    ]);
  });

  it('sends a side too long for a WAV upload (over 24 MB: 13 minutes) as MP3', async () => {
    provider.answerWith(() => ({
      status: 200,
      body: verboseJson([{ start: 1, end: 839, text: 'A long call.' }]),
    }));
    const longCall = await writeToneWav(dir, 'long', { durationSeconds: 840, spans: [[1, 839]] });
    const { turns, durationSeconds } = await transcribe(longCall);
    expect(provider.requests[0]?.file).toMatchObject({ name: 'audio.mp3', type: 'audio/mpeg' });
    expect(provider.requests[0]?.file?.size).toBeLessThan(5 * 1024 * 1024);
    expect(durationSeconds).toBeCloseTo(840, 0);
    expect(turns).toHaveLength(1);
  });

  it('fails for a later retry when the service errs or does not answer in time', async () => {
    provider.answerWith(() => ({ status: 503, body: { error: { message: 'Overloaded, try later' } } }));
    const overloaded = transcribe(monoCall);
    await expect(overloaded).rejects.toThrow(
      'The transcription provider answered 503: Overloaded, try later',
    );
    await expect(overloaded).rejects.not.toBeInstanceOf(PermanentJobError);
    await expect(overloaded).rejects.toMatchObject({ reason: 'provider_error' });

    provider.answerWith(() => 'hang');
    const silent = transcribe(monoCall);
    await expect(silent).rejects.toThrow('The transcription provider did not answer within 1 s');
    await expect(silent).rejects.not.toBeInstanceOf(PermanentJobError);
    await expect(silent).rejects.toMatchObject({ reason: 'provider_error' });
  });

  it('fails for good when the service refuses the request or answers something else', async () => {
    provider.answerWith(() => ({ status: 401, body: { error: { message: 'Incorrect API key provided' } } }));
    const refused = transcribe(monoCall);
    await expect(refused).rejects.toThrow(
      'The transcription provider answered 401: Incorrect API key provided',
    );
    await expect(refused).rejects.toBeInstanceOf(PermanentJobError);
    await expect(refused).rejects.toMatchObject({ reason: 'provider_error' });

    provider.answerWith(() => ({ status: 200, body: { unexpected: true } }));
    await expect(transcribe(monoCall)).rejects.toBeInstanceOf(PermanentJobError);
  });
});
