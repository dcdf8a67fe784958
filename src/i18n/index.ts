// i18next for the browser app: English and French, language from the browser, English by default.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import fr from './fr.json';

export const supportedLanguages = ['en', 'fr'] as const;

type SupportedLanguage = (typeof supportedLanguages)[number];
const isSupported = (language: string): language is SupportedLanguage =>
  (supportedLanguages as readonly string[]).includes(language);

/** The first of the browser's preferred languages that the app speaks. */
export const browserLanguage =
  navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isSupported) ?? 'en';

await i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, fr: { translation: fr } },
  lng: browserLanguage,
  fallbackLng: 'en',
  supportedLngs: [...supportedLanguages],
  interpolation: { escapeValue: false },
});

document.documentElement.lang = i18next.language;
i18next.on('languageChanged', (language) => (document.documentElement.lang = language));

export default i18next;
