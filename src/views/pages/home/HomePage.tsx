// The home view of each role (spec §2): the persisted filter bar; the dashboards come in a later release.
import { ChartBarSquareIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { FilterBar } from './FilterBar';

export default function HomePage({ page }: { page: 'home' | 'adminHome' }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`pages.titles.${page}`)} intro={t('home.intro')} />
      <FilterBar />
      <Notice
        icon={ChartBarSquareIcon}
        title={t('home.panelsTitle')}
        body={t('home.panelsComingSoon')}
        className="mt-6"
      />
    </>
  );
}
