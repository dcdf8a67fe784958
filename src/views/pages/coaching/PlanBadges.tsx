// A plan's status and whether its agent acknowledged it, as small badges.
import { CheckCircleIcon, ClockIcon } from '@heroicons/react/16/solid';
import { useTranslation } from 'react-i18next';
import type { CoachingPlan } from '../../../../contract/coaching';
import { formatDate } from '../../components/format';

export function PlanBadges({ plan }: { plan: Pick<CoachingPlan, 'status' | 'acknowledged_at'> }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs">
      <span
        className={`rounded-full px-2 py-0.5 font-medium ${plan.status === 'open' ? 'bg-purple-100 text-purple-900' : 'bg-gray-100 text-gray-700'}`}
      >
        {t(`coaching.statuses.${plan.status}`)}
      </span>
      {plan.acknowledged_at === null ? (
        <span className="flex items-center gap-1 text-amber-800">
          <ClockIcon className="size-3.5" aria-hidden="true" />
          {t('coaching.notAcknowledged')}
        </span>
      ) : (
        <span className="flex items-center gap-1 text-green-800">
          <CheckCircleIcon className="size-3.5" aria-hidden="true" />
          {t('coaching.acknowledgedOn', { date: formatDate(plan.acknowledged_at, i18n.language) })}
        </span>
      )}
    </span>
  );
}
