// i18next for the browser app: English and French, language from the browser, English by default. Only the
// language in use is downloaded; the other one loads when the user switches to it.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const supportedLanguages = ['en', 'fr'] as const;

type SupportedLanguage = (typeof supportedLanguages)[number];
const isSupported = (language: string): language is SupportedLanguage =>
  (supportedLanguages as readonly string[]).includes(language);

/** The first of the browser's preferred languages that the app speaks. */
export const browserLanguage =
  navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isSupported) ?? 'en';

const translations: Record<SupportedLanguage, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
};

async function loadTranslations(language: SupportedLanguage): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', (await translations[language]()).default);
}

/** Speaks `language`, downloading its translations first when needed. */
export async function changeLanguage(language: string): Promise<void> {
  const supported = isSupported(language) ? language : 'en';
  await loadTranslations(supported);
  await i18next.changeLanguage(supported);
}

await i18next.use(initReactI18next).init({
  resources: { [browserLanguage]: { translation: (await translations[browserLanguage]()).default } },
  lng: browserLanguage,
  // Both files hold every key (tests/unit/i18n.test.ts): no fallback language needs loading.
  fallbackLng: false,
  supportedLngs: [...supportedLanguages],
  interpolation: { escapeValue: false },
});

document.documentElement.lang = i18next.language;
i18next.on('languageChanged', (language) => (document.documentElement.lang = language));

export default i18next;
