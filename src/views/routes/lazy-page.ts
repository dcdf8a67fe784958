// Pages load lazily; a page whose code has not arrived within 120 s fails, and the error page shows (spec §9).
// While the browser is offline the load waits for the network before it starts: a failed module import is
// cached for good (by the browser and by React.lazy), and the offline screen already tells the user why.
import { lazy, type ComponentType } from 'react';

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

/** Loads with the time-out, starting only once the browser is online. */
export async function loadPageCode<T>(load: () => Promise<T>, timeoutMs = pageLoadTimeoutMs): Promise<T> {
  if (!navigator.onLine) await backOnline();
  return withTimeout(load(), timeoutMs);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyPage<Props extends Record<string, any>>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  return lazy(() => loadPageCode(load));
}
