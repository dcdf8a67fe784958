// The agent's home section on coaching: their open plans, read-only — the coach's notes, the focus items with
// their goals and the example conversations with their notes — and a button acknowledging each plan.
import { CheckIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CoachingPlan } from '../../../../contract/coaching';
import { useAcknowledgeCoachingPlan, useCoachingPlans } from '../../../services/queries/coaching';
import { Button } from '../../components/Button';
import { formatDate } from '../../components/format';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { useNotify } from '../../components/use-notify';
import { formatScore } from '../dashboards/graph-format';
import { useExampleLabel } from './ExamplesPanel';
import { PlanBadges } from './PlanBadges';

function goalOf(
  item: CoachingPlan['focus_items'][number],
  t: (key: string, values?: Record<string, string>) => string,
  locale: string,
) {
  const score = item.target_score === null ? null : formatScore(item.target_score, locale);
  const due =
    item.due_date === null ? null : formatDate(Date.parse(`${item.due_date}T12:00:00Z`) / 1000, locale);
  if (score && due) return t('coaching.home.goalBy', { score, date: due });
  if (score) return t('coaching.home.goal', { score });
  if (due) return t('coaching.home.by', { date: due });
  return '';
}

function PlanCard({ plan }: { plan: CoachingPlan }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const label = useExampleLabel();
  const acknowledge = useAcknowledgeCoachingPlan();
  return (
    <li className="grid gap-3 rounded-lg p-4 ring-1 ring-gray-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-medium text-gray-900">{plan.title}</h3>
          <p className="text-xs text-gray-600">
            {t('coaching.home.from', {
              coach: plan.created_by?.name ?? t('coaching.home.formerCoach'),
              date: formatDate(plan.started_at, i18n.language),
            })}
          </p>
        </div>
        <PlanBadges plan={plan} />
      </div>
      {plan.notes && <p className="text-sm whitespace-pre-line text-gray-800">{plan.notes}</p>}
      {plan.focus_items.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-gray-900">{t('coaching.form.focusItems')}</h4>
          <ul className="mt-1 grid gap-1 text-sm">
            {plan.focus_items.map((item) => (
              <li key={item.item_id} className="flex flex-wrap justify-between gap-x-3">
                <span className="text-gray-900">{item.item_name}</span>
                <span className="text-gray-600">{goalOf(item, t, i18n.language)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {plan.examples.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-gray-900">{t('coaching.examples.title')}</h4>
          <ul className="mt-1 grid gap-2 text-sm">
            {plan.examples.map((example) => (
              <li key={example.conversation_id}>
                <Link
                  href={`/conversations/${example.conversation_id}`}
                  className="font-medium text-purple-700 underline"
                >
                  {label(example)}
                </Link>
                {example.note && <p className="whitespace-pre-line text-gray-800">{example.note}</p>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {plan.acknowledged_at === null && (
        <div>
          <Button
            disabled={acknowledge.isPending}
            onClick={() =>
              acknowledge.mutate(plan.id, {
                onSuccess: () => notify.success('coaching.home.acknowledged'),
                onError: (error) => notify.failure('coaching.home.acknowledgeFailed', error),
              })
            }
          >
            <CheckIcon className="size-4" aria-hidden="true" />
            {acknowledge.isPending ? t('common.working') : t('coaching.home.acknowledge')}
          </Button>
        </div>
      )}
    </li>
  );
}

export function AgentCoaching() {
  const { t } = useTranslation();
  const plans = useCoachingPlans(undefined, 'open');
  return (
    <section
      aria-label={t('coaching.home.title')}
      className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h2 className="text-base font-semibold text-gray-900">{t('coaching.home.title')}</h2>
      <div className="mt-3">
        {plans.isPending ? (
          <Loading />
        ) : plans.isError ? (
          <QueryError error={plans.error} onRetry={() => void plans.refetch()} />
        ) : plans.data.length === 0 ? (
          <p className="text-sm text-gray-600">{t('coaching.home.empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {plans.data.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
