// The browser window's width and whether it counts as mobile (below 768 px, spec §9).
import { useSyncExternalStore } from 'react';

export const mobileBreakpoint = 768;

const mobileQuery = () => window.matchMedia(`(max-width: ${mobileBreakpoint - 0.02}px)`);

export const isMobileWidth = (width: number): boolean => width < mobileBreakpoint;

/** Calls back each time the window crosses the mobile breakpoint; returns the unsubscribe function. */
export function watchMobileViewport(onChange: (mobile: boolean) => void): () => void {
  const query = mobileQuery();
  const listener = (event: MediaQueryListEvent) => onChange(event.matches);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * The window's width as of its last resize, while some component watches it. Each component read `innerWidth` as
 * it rendered, and after each commit: once the page had changed, each read made the browser lay the page out
 * again before going on (a forced reflow), up to once per component (decision 0204).
 */
let width: number | undefined;
const watchers = new Set<() => void>();

const onResize = () => {
  width = window.innerWidth;
  for (const watcher of watchers) watcher();
};

const subscribeToResize = (onChange: () => void) => {
  if (watchers.size === 0) window.addEventListener('resize', onResize);
  watchers.add(onChange);
  return () => {
    watchers.delete(onChange);
    if (watchers.size > 0) return;
    window.removeEventListener('resize', onResize);
    width = undefined;
  };
};

export const useViewportWidth = (): number =>
  useSyncExternalStore(subscribeToResize, () => (width ??= window.innerWidth));

export const useIsMobile = (): boolean => isMobileWidth(useViewportWidth());
