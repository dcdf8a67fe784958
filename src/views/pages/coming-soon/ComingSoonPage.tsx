// A route whose screen arrives in a later release: its real title and an honest notice, nothing pretending.
import { WrenchScrewdriverIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import type { PageKey } from '../../routes/route-tables';

export default function ComingSoonPage({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`pages.titles.${page}`)} />
      <section
        role="status"
        className="flex items-start gap-4 rounded-xl border border-dashed border-purple-300 bg-purple-50 p-6"
      >
        <WrenchScrewdriverIcon className="size-8 shrink-0 text-purple-600" aria-hidden="true" />
        <div>
          <h2 className="font-semibold text-purple-900">{t('pages.comingSoon.title')}</h2>
          <p className="mt-1 text-sm text-purple-900/80">{t('pages.comingSoon.body')}</p>
        </div>
      </section>
    </>
  );
}
