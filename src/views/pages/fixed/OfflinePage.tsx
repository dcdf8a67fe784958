// Shown after a route change while the browser is offline, until it is online again (spec §2).
import { useTranslation } from 'react-i18next';
import { FixedPage } from './FixedPage';

export function OfflinePage() {
  const { t } = useTranslation();
  return <FixedPage title={t('pages.offline.title')} body={t('pages.offline.body')} />;
}
