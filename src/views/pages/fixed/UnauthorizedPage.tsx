// The unauthorized page, shown when the identity has no invitation (spec §2).
import { useTranslation } from 'react-i18next';
import { FixedPage } from './FixedPage';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return <FixedPage title={t('pages.unauthorized.title')} body={t('pages.unauthorized.body')} />;
}
