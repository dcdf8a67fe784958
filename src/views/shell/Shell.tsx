// The signed-in layout: the left menu, the impersonation banner, the page (or the offline screen) at the width
// spec §2 gives, the notification panel, and the toasts once a screen that can toast has shown.
import { lazy, Suspense, useEffect } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
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
      <RouteObserver />
      <LeftMenu user={user} mobile={mobile} />
      <div style={{ marginLeft: reservedWidth }} className="transition-[margin] duration-200">
        {impersonated && <ImpersonationBanner user={user} />}
        <main
          style={{ width: width === '100%' ? undefined : width }}
          className={`mx-auto px-4 py-6 ${width === '100%' ? 'w-full' : ''}`}
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
