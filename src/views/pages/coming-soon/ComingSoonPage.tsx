// A route whose screen arrives in a later release: its real title and an honest notice, nothing pretending.
import { WrenchScrewdriverIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import type { PageKey } from '../../routes/route-tables';

export default function ComingSoonPage({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`pages.titles.${page}`)} />
      <Notice
        icon={WrenchScrewdriverIcon}
        title={t('pages.comingSoon.title')}
        body={t('pages.comingSoon.body')}
      />
    </>
  );
}
