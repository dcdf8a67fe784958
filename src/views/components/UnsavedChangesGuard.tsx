// While a page holds unsaved changes, leaving it asks first: a link of the app or the browser's Back and Forward
// buttons open a confirmation, and closing or reloading the tab gets the browser's own warning. (Moves the app
// makes itself, such as after a save, are not held.)
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { holdBack } from '../../services/back-guard';
import { ConfirmDialog } from './ConfirmDialog';

/** Where the user wanted to go: a link's path, or back in the history. */
type Leaving = { to: string } | { back: true };

const here = () => `${location.pathname}${location.search}${location.hash}`;

/** The in-app path a click on a link goes to, or null when the click is not a navigation to guard. */
function guardedLinkTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return null;
  if (url.pathname === location.pathname && url.search === location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

const nothing = () => undefined;

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  /** Lets the next move go through, once the user said to leave. */
  const release = useRef<() => void>(nothing);

  useEffect(() => {
    if (!when) return;
    let released = false;
    const onClick = (event: MouseEvent) => {
      const to = guardedLinkTarget(event);
      if (to === null || released) return;
      // Before the router's own handler sees the click.
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ to });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const releaseBack = holdBack(here(), () => setLeaving({ back: true }));
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    release.current = () => {
      released = true;
      releaseBack();
    };
    return () => {
      releaseBack();
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
      release.current = nothing;
    };
  }, [when]);

  const leave = () => {
    if (!leaving) return;
    release.current();
    setLeaving(null);
    if ('to' in leaving) navigate(leaving.to);
    else history.back();
  };

  return (
    <ConfirmDialog
      open={leaving !== null}
      title={t('unsavedChanges.title')}
      body={t('unsavedChanges.body')}
      confirmLabel={t('unsavedChanges.leave')}
      onConfirm={leave}
      onClose={() => setLeaving(null)}
    />
  );
}
