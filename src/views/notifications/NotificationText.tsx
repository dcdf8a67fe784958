// What one notification says: a mention (with the message's first words), an alert (spec §3, its threshold in the
// reader's number format) or conversations given to review; which conversation (its type, agent and main score);
// and when (spec §9).
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../contract/notifications';
import { numberFormat } from '../components/intl-formatters';
import { useDisplayTime } from '../components/use-display-time';
import { alertConditionText } from './alert-condition-text';

export function NotificationText({ notification }: { notification: Notification }) {
  const { t, i18n } = useTranslation();
  const time = useDisplayTime()(notification.created_at);
  const campaign = notification.campaign_name;
  const detail = notification.alert_detail;
  const score = notification.main_score;
  const conversation = [
    t(`conversation.types.${notification.conversation_type}`),
    notification.agent_name,
    score === null
      ? null
      : t('notifications.score', {
          score: numberFormat(i18n.language, { maximumFractionDigits: 1 }).format(score),
        }),
  ]
    .filter((part) => part !== null)
    .join(' · ');
  return (
    <span className="flex flex-col gap-0.5">
      {notification.type === 'MENTIONED_IN_CONVERSATION' ? (
        <span>
          {t('notifications.mention', {
            name: notification.mentioned_by?.name ?? t('notifications.someone'),
            campaign,
          })}
        </span>
      ) : notification.type === 'REVIEWS_ASSIGNED' ? (
        <span>
          {t('notifications.reviewsAssigned', { count: notification.assignment_count ?? 1, campaign })}
        </span>
      ) : (
        <>
          <span>{t('notifications.alert', { campaign })}</span>
          {detail && (
            <span className="text-gray-600">
              {alertConditionText(t, i18n.language, {
                ...detail,
                name: detail.item_name ?? detail.section_name ?? detail.score_name ?? '',
              })}
            </span>
          )}
        </>
      )}
      {notification.excerpt && (
        <span className="text-gray-600">{t('notifications.excerpt', { excerpt: notification.excerpt })}</span>
      )}
      <span className="text-gray-600">{conversation}</span>
      <time
        className="text-xs text-gray-600"
        dateTime={new Date(notification.created_at * 1000).toISOString()}
      >
        {time}
      </time>
    </span>
  );
}
