// The languages the app speaks and where their translations download from, without i18next: the entry point asks
// for the first route's part before the app's code has arrived (decision 0228).

export const supportedLanguages = ['en', 'fr'] as const;

export type SupportedLanguage = (typeof supportedLanguages)[number];

export const isSupported = (language: string): language is SupportedLanguage =>
  (supportedLanguages as readonly string[]).includes(language);

/** The first of the browser's preferred languages that the app speaks. */
export const browserLanguage =
  navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isSupported) ?? 'en';

export type Loader = () => Promise<{ default: Record<string, unknown> }>;
export type Part = Record<SupportedLanguage, Loader>;

// Cut at build time from en.json and fr.json (scripts/translation-parts.ts). A loader called again answers the
// module it loaded, without another request.
export const firstRoute: Part = {
  en: () => import('./en.json?first-route'),
  fr: () => import('./fr.json?first-route'),
};
export const rest: Part = { en: () => import('./en.json?rest'), fr: () => import('./fr.json?rest') };
