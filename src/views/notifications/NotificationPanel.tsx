// The notification panel (spec §2): a labelled, non-modal dialog of 350×450 px at the bottom right.
import { XMarkIcon } from '@heroicons/react/24/outline';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationsActorContext } from '../../machines/notifications/provider';
import {
  selectHasError,
  selectIsLoading,
  selectIsPanelOpen,
  selectItems,
} from '../../machines/notifications/selectors';
import { NotificationText } from './NotificationText';

/** Spec §9: "No more notifications." closes a list longer than this. */
const endMarkerThreshold = 5;

function PanelBody() {
  const { t } = useTranslation();
  const notifications = NotificationsActorContext.useActorRef();
  const loading = NotificationsActorContext.useSelector(selectIsLoading);
  const failed = NotificationsActorContext.useSelector(selectHasError);
  const items = NotificationsActorContext.useSelector(selectItems);

  if (loading) return <p className="p-4 text-sm text-gray-600">{t('notifications.loading')}</p>;
  if (failed) return <p className="p-4 text-sm text-red-700">{t('notifications.error')}</p>;
  if (items.length === 0) return <p className="p-4 text-sm text-gray-600">{t('notifications.empty')}</p>;
  return (
    <ul className="divide-y divide-gray-100">
      {items.map((notification) => (
        <li key={notification.id}>
          <button
            type="button"
            onClick={() => notifications.send({ type: 'notification.open', notification })}
            className={`w-full px-4 py-3 text-left text-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-purple-600 ${
              notification.read
                ? 'bg-white pl-8 text-gray-700'
                : 'relative border-l-4 border-purple-700 bg-purple-100 pl-7 font-semibold text-gray-900'
            }`}
            data-read={notification.read}
          >
            {/* Unread is said three ways, never by colour alone: a dot, a bar, bold text (and words, for screen readers). */}
            {!notification.read && (
              <>
                <span
                  className="absolute top-4.5 left-2.5 size-2.5 rounded-full bg-purple-700"
                  aria-hidden="true"
                />
                <span className="sr-only">{t('notifications.unread')}: </span>
              </>
            )}
            <NotificationText notification={notification} />
          </button>
        </li>
      ))}
      {items.length > endMarkerThreshold && (
        <li className="px-4 py-3 text-center text-xs text-gray-500">{t('notifications.end')}</li>
      )}
    </ul>
  );
}

export function NotificationPanel() {
  const { t } = useTranslation();
  const notifications = NotificationsActorContext.useActorRef();
  const open = NotificationsActorContext.useSelector(selectIsPanelOpen);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);

  if (!open) return null;
  return (
    <section
      id="notification-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="notification-panel-title"
      className="fixed right-4 bottom-4 z-40 flex h-[450px] w-[350px] flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-black/10"
      onKeyDown={(event) => {
        if (event.key === 'Escape') notifications.send({ type: 'panel.close' });
      }}
    >
      <header className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
        <h2 id="notification-panel-title" className="text-base font-semibold text-gray-900">
          {t('notifications.title')}
        </h2>
        <button
          ref={closeButton}
          type="button"
          aria-label={t('notifications.close')}
          onClick={() => notifications.send({ type: 'panel.close' })}
          className="rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-purple-600"
        >
          <XMarkIcon className="size-5" aria-hidden="true" />
        </button>
      </header>
      <div className="flex-1 overflow-y-auto">
        <PanelBody />
      </div>
    </section>
  );
}
