// i18next for the browser app: English and French, language from the browser, English by default. Only the
// language in use is downloaded, in two parts (decision 0200): the keys of the first signed-in route, asked for
// by the entry point before this module has arrived (decision 0228), and the others, which lazy pages wait for and
// which load once the browser is idle.
// The other language loads whole when the user switches to it.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  browserLanguage,
  firstRoute,
  isSupported,
  rest,
  supportedLanguages,
  type Loader,
  type Part,
  type SupportedLanguage,
} from './languages';

const loads = new Map<Loader, Promise<void>>();

/** Downloads one part of a language's translations once; a failed download is tried again on the next call. */
function load(part: Part, language: SupportedLanguage): Promise<void> {
  const loader = part[language];
  const loading =
    loads.get(loader) ??
    loader().then(
      ({ default: translations }) => {
        i18next.addResourceBundle(language, 'translation', translations, true, true);
      },
      (error: unknown) => {
        loads.delete(loader);
        throw error;
      },
    );
  loads.set(loader, loading);
  return loading;
}

/** The translations of the language in use beyond the first route's: every lazily loaded page waits for them. */
export const remainingTranslations = (): Promise<void> =>
  load(rest, isSupported(i18next.language) ? i18next.language : browserLanguage);

/**
 * Speaks `language`. Another language than the one in use downloads whole first, so that whichever page shows
 * switches at once; the one in use needs its first route's keys only.
 */
export async function changeLanguage(language: string): Promise<void> {
  const supported = isSupported(language) ? language : 'en';
  await Promise.all(
    supported === i18next.language
      ? [load(firstRoute, supported)]
      : [load(firstRoute, supported), load(rest, supported)],
  );
  await i18next.changeLanguage(supported);
}

// Synchronous: the app renders at once, and the boot (machines/boot) waits for the first route's keys with the
// session (changeLanguage), not before it.
void i18next.use(initReactI18next).init({
  resources: {},
  lng: browserLanguage,
  // Both files hold every key (tests/unit/i18n.test.ts): no fallback language needs loading.
  fallbackLng: false,
  supportedLngs: [...supportedLanguages],
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * The first route's keys in the browser's language, asked for at once: they download beside the session's check.
 * Settles either way: after a failure the boot's changeLanguage tries again, and shows its error page.
 */
export const firstRouteTranslations = load(firstRoute, browserLanguage).catch(() => undefined);

const whenIdle = (task: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(task) : setTimeout(task, 200);
void firstRouteTranslations.then(() => whenIdle(() => void remainingTranslations().catch(() => undefined)));

document.documentElement.lang = i18next.language;
i18next.on('languageChanged', (language) => (document.documentElement.lang = language));

export default i18next;
