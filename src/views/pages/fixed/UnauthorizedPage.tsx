// The unauthorized page, shown when the identity has no invitation (spec §2), with a way to use another account.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { signOut } from '../../session/sign-out';
import { FixedPage } from './FixedPage';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <FixedPage title={t('pages.unauthorized.title')} body={t('pages.unauthorized.body')}>
      <Button variant="secondary" className="mt-6" onClick={() => void signOut()}>
        {t('pages.unauthorized.otherAccount')}
      </Button>
    </FixedPage>
  );
}
