// The notification panel (spec §2) while it is open; its code, and Luxon's for the dates it shows, load when it
// first opens.
import { lazy, Suspense } from 'react';
import { NotificationsActorContext } from '../../machines/notifications/provider';
import { selectIsPanelOpen } from '../../machines/notifications/selectors';

const NotificationDialog = lazy(() => import('./NotificationDialog'));

export function NotificationPanel() {
  const open = NotificationsActorContext.useSelector(selectIsPanelOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NotificationDialog />
    </Suspense>
  );
}
