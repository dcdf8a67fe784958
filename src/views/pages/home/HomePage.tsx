// The home view of supervisors and agents (spec §2): the persisted filter bar, then the dashboard of what it
// selects — the supervisor's graphs, or the agent's own figures, below the agent's open coaching plans.
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/users';
import { PageHeader } from '../../components/PageHeader';
import { AgentCoaching } from '../coaching/AgentCoaching';
import { FilterBar } from './FilterBar';
import { HomeDashboard } from './HomeDashboard';

export default function HomePage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const ownFigures = !user.admin && user.role === 'agent';
  return (
    <>
      <PageHeader title={t('pages.titles.home')} intro={t('home.intro')} />
      {ownFigures && <AgentCoaching />}
      <FilterBar showAgents={!ownFigures} />
      <HomeDashboard ownFigures={ownFigures} />
    </>
  );
}
