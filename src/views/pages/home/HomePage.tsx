// The home view of each role (spec §2): the persisted filter bar; the dashboards come in a later release.
import { ChartBarSquareIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { FilterBar } from './FilterBar';

export default function HomePage({ page }: { page: 'home' | 'adminHome' }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`pages.titles.${page}`)} intro={t('home.intro')} />
      <FilterBar />
      <section
        role="status"
        className="mt-6 flex items-start gap-4 rounded-xl border border-dashed border-purple-300 bg-purple-50 p-6"
      >
        <ChartBarSquareIcon className="size-8 shrink-0 text-purple-600" aria-hidden="true" />
        <div>
          <h2 className="font-semibold text-purple-900">{t('home.panelsTitle')}</h2>
          <p className="mt-1 text-sm text-purple-900/80">{t('home.panelsComingSoon')}</p>
        </div>
      </section>
    </>
  );
}
