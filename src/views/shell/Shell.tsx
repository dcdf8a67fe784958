// The signed-in layout: a skip link to the content, the left menu, the impersonation banner, the page (or the
// offline screen) at the width spec §2 gives, the notification panel, and the toasts once a screen that can toast
// has shown.
import { lazy, Suspense, useEffect } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../contract/users';
import { ConnectivityActorContext } from '../../machines/connectivity/provider';
import { selectShowsOffline } from '../../machines/connectivity/selectors';
import { MenuActorContext } from '../../machines/menu/provider';
import { selectReservedWidth } from '../../machines/menu/selectors';
import { NotificationsActorContext } from '../../machines/notifications/provider';
import { useIsMobile, useViewportWidth, watchMobileViewport } from '../../services/viewport';
import { useToastsWanted } from '../components/toasts-wanted';
import { NotificationPanel } from '../notifications/NotificationPanel';
import { OfflinePage } from '../pages/fixed/OfflinePage';
import { AppRoutes } from '../routes/AppRoutes';
import { loadPageCode } from '../routes/lazy-page';
import { contentWidth } from './content-width';
import { ImpersonationBanner } from './ImpersonationBanner';
import { LeftMenu } from './LeftMenu';
import { RouteObserver } from './RouteObserver';

// Loaded like a page: it waits for the network; without it, toasts do not show but the app goes on.
const Toasts = lazy(() => loadPageCode(() => import('./Toasts')));

export function Shell({ user, impersonated }: { user: CurrentUser; impersonated: boolean }) {
  const { t } = useTranslation();
  const toastsWanted = useToastsWanted();
  const menu = MenuActorContext.useActorRef();
  const notifications = NotificationsActorContext.useActorRef();
  const reservedWidth = MenuActorContext.useSelector(selectReservedWidth);
  const showsOffline = ConnectivityActorContext.useSelector(selectShowsOffline);
  const viewportWidth = useViewportWidth();
  const mobile = useIsMobile();
  const width = contentWidth(viewportWidth, reservedWidth);

  useEffect(
    () =>
      watchMobileViewport((nowMobile) => {
        menu.send({ type: 'viewport.changed', mobile: nowMobile });
        notifications.send({ type: 'viewport.changed', mobile: nowMobile });
      }),
    [menu, notifications],
  );

  return (
    <div className="min-h-screen bg-gray-50">
      <a
        href="#content"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('content')?.focus();
        }}
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-purple-800 shadow-lg ring-2 ring-purple-700 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('shell.skipToContent')}
      </a>
      <RouteObserver />
      <LeftMenu user={user} mobile={mobile} />
      <div style={{ marginLeft: reservedWidth }} className="transition-[margin] duration-200">
        {impersonated && <ImpersonationBanner user={user} />}
        <main
          id="content"
          tabIndex={-1}
          style={{ width: width === '100%' ? undefined : width }}
          className={`mx-auto px-4 py-6 outline-none ${width === '100%' ? 'w-full' : ''}`}
        >
          {showsOffline ? <OfflinePage /> : <AppRoutes user={user} />}
        </main>
      </div>
      {!mobile && <NotificationPanel />}
      {toastsWanted && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
