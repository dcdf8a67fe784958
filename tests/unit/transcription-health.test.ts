// What the start-up log and /api/health say of the transcription engines: which work, for which language, and
// which Debian packages would enable what is missing.
import { describe, expect, it } from 'vitest';
import { transcriptionHealth } from '../../server/engines/transcription/availability';
import { createLocalEngine } from '../../server/engines/transcription/local';
import { createProviderEngine } from '../../server/engines/transcription/provider';

const provider = createProviderEngine({
  baseUrl: 'http://provider.test/v1',
  apiKey: undefined,
  model: 'whisper-1',
  timeoutSeconds: 60,
});

describe('transcription engine health', () => {
  it('names the provider when one is configured and ffmpeg decodes for it', () => {
    expect(transcriptionHealth({ local: null, provider, decoder: true }, [])).toEqual({
      status: 'ok',
      detail: 'English and French by the provider (model whisper-1)',
    });
    expect(transcriptionHealth({ local: null, provider, decoder: false }, ['ffmpeg'])).toEqual({
      status: 'unavailable',
      detail: 'the provider is configured but ffmpeg is missing: install the Debian package ffmpeg',
    });
  });

  it('says that the local engine is English only', () => {
    expect(transcriptionHealth({ local: createLocalEngine(), provider: null, decoder: true }, [])).toEqual({
      status: 'ok',
      detail: 'English by the local pocketsphinx; French needs a provider (set TRANSCRIPTION_BASE_URL)',
    });
  });

  it('lists what is missing with the packages that bring it', () => {
    const health = transcriptionHealth({ local: null, provider: null, decoder: false }, [
      'pocketsphinx_continuous',
      'the pocketsphinx English model',
      'ffmpeg',
    ]);
    expect(health).toEqual({
      status: 'unavailable',
      detail:
        'missing pocketsphinx_continuous, the pocketsphinx English model, ffmpeg: for English install the ' +
        'Debian packages pocketsphinx, pocketsphinx-en-us, ffmpeg; for English and French set ' +
        'TRANSCRIPTION_BASE_URL to a provider',
    });
  });
});
