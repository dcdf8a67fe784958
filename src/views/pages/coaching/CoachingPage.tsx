// Coaching (/coaching, spec §2): for the coaching users, the agents of their organisation; for the agent chosen,
// their plans; for the plan chosen (or a new one), its form, examples and progress. What is shown lives in the
// address. Other supervisors, who reach the page by its address, are told it is not theirs.
import { AcademicCapIcon } from '@heroicons/react/24/outline';
import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../../contract/users';
import { useCampaigns } from '../../../services/queries/campaigns';
import { useCreateCoachingPlan } from '../../../services/queries/coaching';
import { useUser } from '../../../services/queries/users';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { useNotify } from '../../components/use-notify';
import { AgentList } from './AgentList';
import { AgentPlans } from './AgentPlans';
import { newPlanForm, newPlanOf } from './plan-form';
import { PlanEditor } from './PlanEditor';
import { PlanView } from './PlanView';
import { coachingHref, useCoachingSelection } from './use-coaching-selection';

function AgentWork({ agentId, plan }: { agentId: string; plan: string | null }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [, select] = useCoachingSelection();
  const agent = useUser(agentId);
  const campaigns = useCampaigns('');
  const create = useCreateCoachingPlan();
  if (agent.isError) return <QueryError error={agent.error} onRetry={() => void agent.refetch()} />;
  if (campaigns.isError)
    return <QueryError error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  if (agent.isPending || campaigns.isPending) return <Loading />;
  const readable = campaigns.data.items;
  const toPlans = () => select({ agentId, plan: null });

  if (plan === null) return <AgentPlans agentId={agentId} agentName={agent.data.name} />;
  return (
    <div className="grid gap-4">
      <Link
        href={coachingHref({ agentId, plan: null })}
        className="flex items-center gap-1 text-sm font-medium text-purple-700 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t('coaching.plansOf', { agent: agent.data.name })}
      </Link>
      {plan === 'new' ? (
        <>
          <h2 className="text-lg font-semibold text-gray-900">
            {t('coaching.newPlanFor', { agent: agent.data.name })}
          </h2>
          <PlanEditor
            agentId={agentId}
            values={newPlanForm()}
            campaigns={readable}
            mode="create"
            onSubmit={(values) =>
              create.mutateAsync(newPlanOf(agentId, values)).then((created) => {
                notify.success('coaching.created');
                select({ agentId, plan: created.id });
              })
            }
            onCancel={toPlans}
          />
        </>
      ) : (
        <PlanView key={plan} planId={plan} campaigns={readable} onLeave={toPlans} />
      )}
    </div>
  );
}

export default function CoachingPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [{ agentId, plan }] = useCoachingSelection();
  const header = <PageHeader title={t('pages.titles.coaching')} intro={t('coaching.intro')} />;
  if (!user.features.coaching || user.organisation_id === null) {
    return (
      <>
        {header}
        <Notice
          icon={AcademicCapIcon}
          title={t('coaching.notCoachTitle')}
          body={t('coaching.notCoachBody')}
        />
      </>
    );
  }
  return (
    <>
      {header}
      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div className={agentId ? 'max-lg:hidden' : ''}>
          <AgentList organisationId={user.organisation_id} selected={agentId} />
        </div>
        <div className="min-w-0">
          {agentId === null ? (
            <p className="text-sm text-gray-600 max-lg:hidden">{t('coaching.chooseAgent')}</p>
          ) : (
            <>
              <Link
                href="/coaching"
                className="mb-4 flex items-center gap-1 text-sm font-medium text-purple-700 hover:underline lg:hidden"
              >
                <ArrowLeftIcon className="size-4" aria-hidden="true" />
                {t('coaching.agents.all')}
              </Link>
              <AgentWork key={agentId} agentId={agentId} plan={plan} />
            </>
          )}
        </div>
      </div>
    </>
  );
}
