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

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

export const useViewportWidth = (): number =>
  useSyncExternalStore(subscribeToResize, () => window.innerWidth);

export const useIsMobile = (): boolean => isMobileWidth(useViewportWidth());
