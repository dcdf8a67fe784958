// The generic error page (spec §2).
import { useTranslation } from 'react-i18next';
import { FixedPage } from './FixedPage';

export function ErrorPage() {
  const { t } = useTranslation();
  return <FixedPage title={t('pages.error.title')} body={t('pages.error.body')} />;
}
