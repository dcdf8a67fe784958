// Holding the browser's Back and Forward buttons while a page has unsaved changes. Chromium calls a window's
// `popstate` listeners in the order they were added, capture or not, and the router re-renders between two of
// them; so one listener, added before the router's (at start-up), catches the move first, puts the page's
// address back, and lets the page ask the user.

interface Hold {
  /** The address of the page that holds the user. */
  page: string;
  onBack: () => void;
}

let hold: Hold | null = null;

/** Adds the one listener; call once, before the app renders its router. */
export function installBackGuard(target: Window = window): void {
  target.addEventListener('popstate', (event) => {
    if (!hold) return;
    event.stopImmediatePropagation();
    target.history.pushState(null, '', hold.page);
    hold.onBack();
  });
}

/** Catches Back and Forward on `page` until the returned release is called. */
export function holdBack(page: string, onBack: () => void): () => void {
  const mine: Hold = { page, onBack };
  hold = mine;
  return () => {
    if (hold === mine) hold = null;
  };
}
