// Pages load lazily; a page whose code has not arrived within 120 s fails, and the error page shows (spec §9).
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyPage<Props extends Record<string, any>>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  return lazy(() => withTimeout(load(), pageLoadTimeoutMs));
}
