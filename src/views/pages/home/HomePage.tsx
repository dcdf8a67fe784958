// The home view of each role (spec §2): the persisted filter bar, then the dashboard of what it selects — the
// supervisor's graphs, or the agent's own figures. The admin home keeps the filter bar alone.
import { ChartBarSquareIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/users';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { FilterBar } from './FilterBar';
import { HomeDashboard } from './HomeDashboard';

export default function HomePage({ page, user }: { page: 'home' | 'adminHome'; user: CurrentUser }) {
  const { t } = useTranslation();
  const ownFigures = !user.admin && user.role === 'agent';
  return (
    <>
      <PageHeader title={t(`pages.titles.${page}`)} intro={t('home.intro')} />
      <FilterBar showAgents={!ownFigures} />
      {page === 'home' ? (
        <HomeDashboard ownFigures={ownFigures} />
      ) : (
        <Notice
          icon={ChartBarSquareIcon}
          title={t('home.panelsTitle')}
          body={t('home.panelsComingSoon')}
          className="mt-6"
        />
      )}
    </>
  );
}
