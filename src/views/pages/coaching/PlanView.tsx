// One plan as its coach sees it: its acknowledgement, the form, the example conversations and the agent's
// progress on the focus items (charts loaded lazily); deleting it asks first.
import { TrashIcon } from '@heroicons/react/20/solid';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../../contract/campaigns';
import {
  useCoachingPlan,
  useDeleteCoachingPlan,
  useUpdateCoachingPlan,
} from '../../../services/queries/coaching';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { Section } from '../../components/Section';
import { useNotify } from '../../components/use-notify';
import { lazyPage } from '../../routes/lazy-page';
import { ExamplesPanel } from './ExamplesPanel';
import { PlanBadges } from './PlanBadges';
import { planChangesOf, planFormOf } from './plan-form';
import { PlanEditor } from './PlanEditor';

const ProgressCharts = lazyPage(() => import('./ProgressCharts'));

export function PlanView({
  planId,
  campaigns,
  onLeave,
}: {
  planId: string;
  campaigns: Campaign[];
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const plan = useCoachingPlan(planId);
  const update = useUpdateCoachingPlan(planId);
  const remove = useDeleteCoachingPlan(planId);
  const [confirming, setConfirming] = useState(false);
  if (plan.isPending) return <Loading />;
  if (plan.isError) return <QueryError error={plan.error} onRetry={() => void plan.refetch()} />;
  const values = planFormOf(plan.data);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-gray-900">{plan.data.title}</h2>
        <PlanBadges plan={plan.data} />
      </div>
      <PlanEditor
        agentId={plan.data.agent.id}
        values={values}
        campaigns={campaigns}
        mode="edit"
        onSubmit={(chosen) =>
          update.mutateAsync(planChangesOf(values, chosen)).then(() => notify.success('coaching.saved'))
        }
        onCancel={onLeave}
        actions={
          <Button variant="danger" onClick={() => setConfirming(true)}>
            <TrashIcon className="size-4" aria-hidden="true" />
            {t('coaching.delete')}
          </Button>
        }
      />
      <ConfirmDialog
        open={confirming}
        title={t('coaching.deleteTitle')}
        body={t('coaching.deleteBody', { title: plan.data.title })}
        confirmLabel={t('coaching.delete')}
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notify.success('coaching.deleted');
              onLeave();
            },
            onError: (error) => notify.failure('coaching.deleteFailed', error),
          })
        }
      />
      <ExamplesPanel plan={plan.data} campaigns={campaigns} />
      <Section title={t('coaching.progress.title')} intro={t('coaching.progress.intro')}>
        {plan.data.focus_items.length === 0 ? (
          <p className="text-sm text-gray-600">{t('coaching.progress.noFocusItems')}</p>
        ) : (
          <Suspense fallback={<Loading />}>
            <ProgressCharts planId={plan.data.id} items={plan.data.focus_items} />
          </Suspense>
        )}
      </Section>
    </div>
  );
}
