// One alert of the campaign's list: its name (a link to it), what it watches in words, who it notifies, its
// switch, and why the server turned it off when it did.
import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Alert } from '../../../../contract/alerts';
import type { CampaignMember } from '../../../../contract/campaigns';
import type { EvaluationGrid } from '../../../../contract/evaluation-grids';
import { alertConditionText } from '../../notifications/alert-condition-text';
import { watchedName } from './alert-watch';
import { EnabledSwitch } from './EnabledSwitch';

interface AlertCardProps {
  alert: Alert;
  grid: EvaluationGrid;
  members: CampaignMember[];
  /** Turns the alert on or off; absent for those who may not. */
  onToggle?: ((enabled: boolean) => void) | undefined;
  toggling: boolean;
}

/** The recipients' names in the reader's list format, and how many no longer belong to the campaign. */
function useRecipientsText(alert: Alert, members: CampaignMember[]) {
  const { t, i18n } = useTranslation();
  const names = new Map(members.map((member) => [member.user_id, member.name]));
  const known = alert.recipients.flatMap((id) => names.get(id) ?? []);
  const former = alert.recipients.length - known.length;
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(known);
  return [list, former > 0 ? t('alerts.formerRecipients', { count: former }) : '']
    .filter(Boolean)
    .join(' · ');
}

export function AlertCard({ alert, grid, members, onToggle, toggling }: AlertCardProps) {
  const { t, i18n } = useTranslation();
  const name = watchedName(grid, alert.detail);
  const recipients = useRecipientsText(alert, members);
  const condition =
    name === undefined
      ? t('alerts.watchGone')
      : alertConditionText(t, i18n.language, { ...alert.detail, name: name ?? '' });

  return (
    <li className="flex flex-wrap items-start gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5">
      <div className="min-w-0 flex-1 basis-64">
        <Link
          href={`/campaigns/${alert.campaign_id}/alerts/${alert.id}`}
          className="font-medium break-words text-purple-800 hover:underline focus-visible:outline-2 focus-visible:outline-purple-600"
        >
          {alert.name}
        </Link>
        <p className="mt-1 text-sm text-gray-800">{condition}</p>
        <p className="mt-1 text-sm text-gray-600">
          {t('alerts.recipientsLine', { recipients: recipients || t('alerts.noRecipients') })}
        </p>
        {alert.disabled_reason && (
          <p className="mt-2 flex items-start gap-1.5 text-sm text-amber-800">
            <ExclamationTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t(`alerts.disabledReasons.${alert.disabled_reason}`)}
          </p>
        )}
      </div>
      <div className="flex items-center gap-2">
        <span className="text-sm text-gray-700" aria-hidden="true">
          {t(alert.enabled ? 'alerts.on' : 'alerts.off')}
        </span>
        {onToggle && (
          <EnabledSwitch
            label={t('alerts.enabledNamed', { name: alert.name })}
            checked={alert.enabled}
            onChange={onToggle}
            // Turning on an alert whose element is gone would be refused: the element must be chosen first.
            disabled={toggling || (!alert.enabled && name === undefined)}
          />
        )}
      </div>
    </li>
  );
}
