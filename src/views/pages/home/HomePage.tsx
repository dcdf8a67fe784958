// The home view of supervisors and agents (spec §2): the persisted filter bar, then the dashboard of what it
// selects — the supervisor's graphs, or the agent's own figures, below the agent's open coaching plans.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/users';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { lazyPage } from '../../routes/lazy-page';
import { FilterBar } from './FilterBar';
import { HomeDashboard } from './HomeDashboard';

// Agents only: the coaching cards (and Luxon's dates) stay off a supervisor's first route.
const AgentCoaching = lazyPage<Record<string, never>>(() =>
  import('../coaching/AgentCoaching').then(({ AgentCoaching }) => ({ default: AgentCoaching })),
);

export default function HomePage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const ownFigures = !user.admin && user.role === 'agent';
  return (
    <>
      <PageHeader title={t('pages.titles.home')} intro={t('home.intro')} />
      {ownFigures && (
        <Suspense fallback={<Loading />}>
          <AgentCoaching />
        </Suspense>
      )}
      <FilterBar showAgents={!ownFigures} />
      <HomeDashboard ownFigures={ownFigures} />
    </>
  );
}
