// What one notification says: a mention or an alert (spec §3), and when (spec §9).
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../contract/notifications';
import { notificationTime } from './notification-time';

function useNotificationTime(createdAt: number): string {
  const { t, i18n } = useTranslation();
  const time = notificationTime(createdAt, DateTime.local(), i18n.language);
  switch (time.kind) {
    case 'time':
    case 'date':
      return time.text;
    case 'yesterday':
      return t('notifications.time.yesterday');
    case 'daysAgo':
      return t('notifications.time.daysAgo', { count: time.days });
  }
}

export function NotificationText({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const time = useNotificationTime(notification.created_at);
  const campaign = notification.campaign_name;
  const detail = notification.alert_detail;
  return (
    <span className="flex flex-col gap-0.5">
      {notification.type === 'MENTIONED_IN_CONVERSATION' ? (
        <span>
          {t('notifications.mention', {
            name: notification.mentioned_by?.name ?? t('notifications.someone'),
            campaign,
          })}
        </span>
      ) : (
        <>
          <span>{t('notifications.alert', { campaign })}</span>
          {detail && (
            <span className="text-gray-600">
              {t('notifications.alertDetail', {
                subject: t(`notifications.subjects.${detail.type}`, {
                  name: detail.item_name ?? detail.section_name ?? detail.score_name ?? '',
                }),
                operator: t(`notifications.operators.${detail.operator}`),
                score: detail.score,
              })}
            </span>
          )}
        </>
      )}
      <time
        className="text-xs text-gray-500"
        dateTime={new Date(notification.created_at * 1000).toISOString()}
      >
        {time}
      </time>
    </span>
  );
}
