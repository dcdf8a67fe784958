// The transcription provider: any OpenAI-compatible `POST /audio/transcriptions` (OpenAI, Azure, Groq, vLLM,
// LocalAI, faster-whisper servers…), asked for Whisper's `verbose_json` with timed segments, one request per side
// of a call. Failures a later attempt may get past (timeouts, 429, 5xx) are retried with the job's backoff; a
// refusal of the request itself is final.
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import type { ProviderConfig } from '../../config';
import { JobError, PermanentJobError } from '../../errors';
import { runCommand } from '../commands';
import type { TranscriptionEngine } from './index';

/** OpenAI's limit on an upload is 25 MB; the WAV of a side reaches it after 13 minutes. */
const uploadLimitBytes = 24 * 1024 * 1024;

/**
 * What is uploaded: the side's 16 kHz mono WAV, what Whisper hears anyway and what every such service takes; a
 * side too long for the limit goes as MP3 at 32 kbit/s instead (an hour in 14 MB).
 */
async function uploadOf(wavPath: string, signal: AbortSignal): Promise<{ file: Blob; name: string }> {
  if ((await stat(wavPath)).size <= uploadLimitBytes)
    return { file: await openAsBlob(wavPath, { type: 'audio/wav' }), name: 'audio.wav' };
  const mp3Path = wavPath.replace(/\.wav$/, '.mp3');
  await runCommand(
    'ffmpeg',
    ['-nostdin', '-v', 'error', '-y', '-i', wavPath, '-codec:a', 'libmp3lame', '-b:a', '32k', mp3Path],
    { signal, timeoutMs: 10 * 60_000 },
  );
  return { file: await openAsBlob(mp3Path, { type: 'audio/mpeg' }), name: 'audio.mp3' };
}

const verboseJsonSchema = z.object({
  text: z.string().optional(),
  duration: z.number().optional(),
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).optional(),
});

/** Retrying helps with these: the service is overloaded, rate-limited or failing for a while. */
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500;

async function refusalDetail(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 2000);
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; detail?: unknown };
    const message =
      typeof body.error === 'string' ? body.error : (body.error?.message ?? body.detail ?? text);
    return String(message).slice(0, 300);
  } catch {
    return text.slice(0, 300);
  }
}

export function createProviderEngine(provider: ProviderConfig): TranscriptionEngine {
  const url = `${provider.baseUrl}/audio/transcriptions`;
  return {
    run: { engine: 'openai-compatible', model: provider.model },
    languages: ['en', 'fr'],
    parallel: true,
    async transcribe(wavPath, { language, durationSeconds, signal }) {
      const upload = await uploadOf(wavPath, signal);
      const form = new FormData();
      form.set('file', upload.file, upload.name);
      form.set('model', provider.model);
      form.set('response_format', 'verbose_json');
      form.set('language', language);
      form.set('timestamp_granularities[]', 'segment');
      form.set('temperature', '0');

      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: provider.apiKey ? { authorization: `Bearer ${provider.apiKey}` } : {},
          body: form,
          signal: AbortSignal.any([signal, AbortSignal.timeout(provider.timeoutSeconds * 1000)]),
        });
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (error instanceof Error && error.name === 'TimeoutError')
          throw new JobError(
            'provider_error',
            `The transcription provider did not answer within ${provider.timeoutSeconds} s`,
          );
        throw new JobError(
          'provider_error',
          `The transcription provider cannot be reached: ${(error as Error).message}`,
        );
      }
      if (!response.ok) {
        const detail = await refusalDetail(response);
        const message = `The transcription provider answered ${response.status}: ${detail}`;
        throw isTransient(response.status)
          ? new JobError('provider_error', message)
          : new PermanentJobError('provider_error', message);
      }

      const parsed = verboseJsonSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success || (!parsed.data.segments && parsed.data.text === undefined))
        throw new PermanentJobError(
          'provider_error',
          'The transcription provider did not answer with a verbose_json transcript',
        );
      const { segments, text = '' } = parsed.data;
      // Without segments (a service that ignores verbose_json's), the text spans the whole side.
      const timed = segments ?? [{ start: 0, end: parsed.data.duration ?? durationSeconds, text }];
      return timed
        .map((segment) => ({ start_s: segment.start, end_s: segment.end, text: segment.text.trim() }))
        .filter((segment) => segment.text.length > 0);
    },
  };
}
