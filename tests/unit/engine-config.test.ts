// Which provider each engine gets from the environment: the same variables for all four (`<ENGINE>_BASE_URL`,
// `_API_KEY`, `_MODEL`, `_TIMEOUT`, `_CONCURRENCY`), the chat engines falling back on the shared `AI_*` ones,
// transcription only on the shared key, and a shared key only ever sent to the shared endpoint's origin.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('engine providers in the configuration', () => {
  it('are off by default, and with empty variables; each engine has its own concurrency', () => {
    expect(loadConfig({}).engines).toEqual({
      transcription: { provider: null, concurrency: 1 },
      analysis: { provider: null, concurrency: 2 },
      translation: { provider: null, concurrency: 2 },
      evaluation: { provider: null, concurrency: 2 },
    });
    expect(
      loadConfig({ AI_BASE_URL: '', ANALYSIS_MODEL: '', ANALYSIS_TIMEOUT: '' }).engines.analysis,
    ).toEqual({
      provider: null,
      concurrency: 2,
    });
  });

  it('read the same variables for every engine', () => {
    for (const engine of ['transcription', 'analysis', 'translation', 'evaluation'] as const) {
      const prefix = engine.toUpperCase();
      const config = loadConfig({
        [`${prefix}_BASE_URL`]: 'https://engine.example/v1/',
        [`${prefix}_API_KEY`]: 'sk-own',
        [`${prefix}_MODEL`]: 'own-model',
        [`${prefix}_TIMEOUT`]: '30',
        [`${prefix}_CONCURRENCY`]: '3',
      });
      expect(config.engines[engine]).toEqual({
        provider: {
          baseUrl: 'https://engine.example/v1',
          apiKey: 'sk-own',
          model: 'own-model',
          timeoutSeconds: 30,
        },
        concurrency: 3,
      });
    }
  });

  it('let the chat engines fall back on AI_* variable by variable, and not transcription', () => {
    const { engines } = loadConfig({
      AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      AI_API_KEY: 'sk-shared',
      AI_MODEL: 'shared-model',
      AI_TIMEOUT: '45',
      TRANSLATION_MODEL: 'translation-model',
      TRANSLATION_API_KEY: 'sk-translation',
    });
    expect(engines.analysis).toEqual({
      provider: {
        baseUrl: 'http://127.0.0.1:11434/v1',
        apiKey: 'sk-shared',
        model: 'shared-model',
        timeoutSeconds: 45,
      },
      concurrency: 4,
    });
    expect(engines.translation.provider).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'sk-translation',
      model: 'translation-model',
      timeoutSeconds: 45,
    });
    // A chat endpoint is not a transcription service: the local recogniser stays.
    expect(engines.transcription).toEqual({ provider: null, concurrency: 1 });
  });

  it('give transcription its own model and time-out, and the shared key only on the shared origin', () => {
    const shared = { AI_BASE_URL: 'https://api.openai.com/v1', AI_API_KEY: 'sk-shared', AI_MODEL: 'gpt-x' };
    expect(
      loadConfig({ ...shared, TRANSCRIPTION_BASE_URL: 'https://api.openai.com/v1' }).engines.transcription,
    ).toEqual({
      provider: {
        baseUrl: 'https://api.openai.com/v1',
        apiKey: 'sk-shared',
        model: 'whisper-1',
        timeoutSeconds: 600,
      },
      concurrency: 4,
    });
    const elsewhere = loadConfig({
      ...shared,
      TRANSCRIPTION_BASE_URL: 'http://whisper.internal:8000/v1',
      ANALYSIS_BASE_URL: 'http://llm.internal/v1',
    }).engines;
    expect(elsewhere.transcription.provider?.apiKey).toBeUndefined();
    expect(elsewhere.analysis.provider).toMatchObject({ apiKey: undefined, model: 'gpt-x' });
  });

  it('refuse a chat base URL without a model, and values that are not what they should be', () => {
    expect(() => loadConfig({ ANALYSIS_BASE_URL: 'http://127.0.0.1/v1' })).toThrow(/ANALYSIS_MODEL/);
    expect(() => loadConfig({ TRANSLATION_BASE_URL: 'nope', TRANSLATION_MODEL: 'm' })).toThrow(
      /TRANSLATION_BASE_URL/,
    );
    expect(() => loadConfig({ TRANSCRIPTION_TIMEOUT: 'soon' })).toThrow(/TRANSCRIPTION_TIMEOUT/);
    expect(() => loadConfig({ AI_TIMEOUT: '0' })).toThrow(/AI_TIMEOUT/);
    expect(() => loadConfig({ ANALYSIS_CONCURRENCY: '64' })).toThrow(/ANALYSIS_CONCURRENCY/);
  });
});
