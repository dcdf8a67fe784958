// The login service's translations: language from `?lang=`, else Accept-Language, else English.
import type { FastifyRequest } from 'fastify';
import i18next, { type TFunction } from 'i18next';
import Negotiator from 'negotiator';
import type { Language } from '../../contract/enums';
import { languages } from '../../contract/values/enums';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };

const translations = i18next.createInstance();
await translations.init({
  resources: { en: { translation: en }, fr: { translation: fr } },
  fallbackLng: 'en',
  supportedLngs: [...languages],
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function requestLanguage(request: FastifyRequest): Language {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  if (asked === 'en' || asked === 'fr') return asked;
  const negotiated = new Negotiator(request).language([...languages]);
  return negotiated === 'fr' ? 'fr' : 'en';
}

export const translator = (language: Language): TFunction => translations.getFixedT(language);
