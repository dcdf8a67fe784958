// Pages load lazily; a page whose code has not arrived within 120 s fails, and the error page shows (spec §9).
// While the browser is offline the load waits for the network before it starts: a failed module import is
// cached for good (by the browser and by React.lazy), and the offline screen already tells the user why. Code
// outside the first route also waits for the translations beyond the first route's (decision 0200).
import { lazy, type ComponentType } from 'react';
import { remainingTranslations } from '../../i18n';

export const pageLoadTimeoutMs = 120_000;

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Page code did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const backOnline = () =>
  new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));

/**
 * Loads with the time-out, starting only once the browser is online; code outside the first route also waits for
 * the rest of the translations.
 */
export async function loadPageCode<T>(
  load: () => Promise<T>,
  timeoutMs = pageLoadTimeoutMs,
  firstRoute = false,
): Promise<T> {
  if (!navigator.onLine) await backOnline();
  const [code] = await withTimeout(
    Promise.all([load(), firstRoute ? undefined : remainingTranslations()]),
    timeoutMs,
  );
  return code;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyPage<Props extends Record<string, any>>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  { firstRoute = false } = {},
) {
  return lazy(() => loadPageCode(load, pageLoadTimeoutMs, firstRoute));
}
