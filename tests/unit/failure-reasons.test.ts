// Failure reasons: every code the contract names is said in English and French, a job error carries its code to
// the conversation (anything else fails as `unexpected`), and the page's sentence names the conversation's language.
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { statusReasons } from '../../contract/conversations';
import { JobError, PermanentJobError } from '../../server/errors';
import { failureReasonOf } from '../../server/jobs/handler';
import en from '../../src/i18n/en.json';
import fr from '../../src/i18n/fr.json';
import { failureReasonText } from '../../src/views/pages/conversations/failure-reason';

async function translator(language: 'en' | 'fr'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('failure reasons', () => {
  let english: TFunction;
  let french: TFunction;
  beforeAll(async () => {
    [english, french] = await Promise.all([translator('en'), translator('fr')]);
  });

  it('are said in both languages, each differently', () => {
    for (const t of [english, french]) {
      const sentences = statusReasons.map((reason) =>
        failureReasonText(t, { status_reason: reason, language: 'fr' }),
      );
      // A missing key would come back as its path.
      for (const sentence of sentences) expect(sentence).not.toMatch(/conversation\.reasons/);
      expect(new Set(sentences).size).toBe(statusReasons.length);
    }
  });

  it('name the language a recogniser is missing for, in the reader’s words', () => {
    const call = { status_reason: 'no_engine_for_language', language: 'fr' } as const;
    expect(failureReasonText(english, call)).toBe(
      'No transcription engine for this language (French): a transcription provider must be configured.',
    );
    expect(failureReasonText(french, call)).toBe(
      'Aucun moteur de transcription pour cette langue (Français) : un fournisseur de transcription doit être configuré.',
    );
  });

  it('fall back on the unexpected one for conversations that failed without a code', () => {
    expect(failureReasonText(french, { status_reason: null, language: 'en' })).toBe(
      'Une erreur inattendue a interrompu le traitement.',
    );
  });

  it('come from the job error that ended the work', () => {
    expect(failureReasonOf(new PermanentJobError('audio_unreadable', 'The audio cannot be decoded'))).toBe(
      'audio_unreadable',
    );
    expect(failureReasonOf(new JobError('provider_error', 'The provider answered 503'))).toBe(
      'provider_error',
    );
    expect(failureReasonOf(new Error('connection reset'))).toBe('unexpected');
    expect(failureReasonOf('thrown text')).toBe('unexpected');
  });
});
