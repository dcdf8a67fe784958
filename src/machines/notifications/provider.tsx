// The notifications actor, with its side effects supplied by the API client, the live channel and the router.
import { createActorContext } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useServices } from '../../services/services-context';
import { createNotificationsImplementations } from './actors';
import { notificationsMachine } from './machine';

export const NotificationsActorContext = createActorContext(notificationsMachine);

export function NotificationsProvider({
  admin,
  mobile,
  children,
}: {
  admin: boolean;
  mobile: boolean;
  children: ReactNode;
}) {
  const { api, liveMessages } = useServices();
  const [, navigate] = useLocation();
  const logic = useMemo(
    () => notificationsMachine.provide(createNotificationsImplementations({ api, liveMessages, navigate })),
    [api, liveMessages, navigate],
  );
  return (
    <NotificationsActorContext.Provider logic={logic} options={{ input: { admin, mobile } }}>
      {children}
    </NotificationsActorContext.Provider>
  );
}
