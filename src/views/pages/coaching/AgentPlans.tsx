// One agent's coaching plans, open ones first, each a link to its editor; and the button starting a new one.
import { AcademicCapIcon } from '@heroicons/react/24/outline';
import { PlusIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useCoachingPlans } from '../../../services/queries/coaching';
import { ButtonLink } from '../../components/Button';
import { formatDate } from '../../components/format';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { QueryError } from '../../components/QueryError';
import { PlanBadges } from './PlanBadges';
import { coachingHref } from './use-coaching-selection';

export function AgentPlans({ agentId, agentName }: { agentId: string; agentName: string }) {
  const { t, i18n } = useTranslation();
  const plans = useCoachingPlans(agentId);
  const newPlan = (
    <ButtonLink href={coachingHref({ agentId, plan: 'new' })}>
      <PlusIcon className="size-4" aria-hidden="true" />
      {t('coaching.newPlan')}
    </ButtonLink>
  );
  return (
    <section aria-label={t('coaching.plansOf', { agent: agentName })} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900">{t('coaching.plansOf', { agent: agentName })}</h2>
        {plans.data && plans.data.length > 0 && newPlan}
      </div>
      {plans.isPending ? (
        <Loading />
      ) : plans.isError ? (
        <QueryError error={plans.error} onRetry={() => void plans.refetch()} />
      ) : plans.data.length === 0 ? (
        <Notice
          icon={AcademicCapIcon}
          title={t('coaching.emptyTitle')}
          body={t('coaching.emptyBody', { agent: agentName })}
        >
          {newPlan}
        </Notice>
      ) : (
        <ul className="grid gap-3">
          {plans.data.map((plan) => (
            <li key={plan.id}>
              <Link
                href={coachingHref({ agentId, plan: plan.id })}
                className="block rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 hover:ring-purple-300 focus-visible:outline-2 focus-visible:outline-purple-600"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-gray-900">{plan.title}</span>
                  <PlanBadges plan={plan} />
                </span>
                <span className="mt-1 block text-sm text-gray-600">
                  {t('coaching.planSummary', {
                    date: formatDate(plan.started_at, i18n.language),
                    count: plan.focus_items.length,
                  })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
