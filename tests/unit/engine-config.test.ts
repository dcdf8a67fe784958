// Which chat provider each engine gets from the environment: its own variables, else the shared AI_* ones.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('engine providers in the configuration', () => {
  it('are off by default, and with empty variables', () => {
    expect(loadConfig({})).toMatchObject({ analysisProvider: null, translationProvider: null });
    expect(loadConfig({ AI_BASE_URL: '', ANALYSIS_MODEL: '' })).toMatchObject({ analysisProvider: null });
  });

  it('fall back on AI_* variable by variable', () => {
    const config = loadConfig({
      AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      AI_MODEL: 'shared-model',
      TRANSLATION_MODEL: 'translation-model',
      TRANSLATION_API_KEY: 'sk-translation',
    });
    expect(config.analysisProvider).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'shared-model',
    });
    expect(config.translationProvider).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'sk-translation',
      model: 'translation-model',
    });
  });

  it('refuse a base URL without a model, and a base URL that is not one', () => {
    expect(() => loadConfig({ ANALYSIS_BASE_URL: 'http://127.0.0.1/v1' })).toThrow(/ANALYSIS_MODEL/);
    expect(() => loadConfig({ TRANSLATION_BASE_URL: 'nope', TRANSLATION_MODEL: 'm' })).toThrow(
      /TRANSLATION_BASE_URL/,
    );
  });
});
