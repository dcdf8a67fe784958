// The organisation's API keys (issue 23): create one for a system (shown once), list them, revoke one. Admins and
// supervisors with can_manage_security.
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/users';
import { PageHeader } from '../../components/PageHeader';
import { NotFoundPage } from '../fixed/NotFoundPage';
import { ApiKeyCreateForm } from './ApiKeyCreateForm';
import { ApiKeyList } from './ApiKeyList';

export default function ApiKeysPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  if (!user.organisation_id) return <NotFoundPage />;
  return (
    <>
      <PageHeader title={t('pages.titles.apiKeys')} intro={t('apiKeys.intro')} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ApiKeyCreateForm organisationId={user.organisation_id} />
        <ApiKeyList organisationId={user.organisation_id} />
      </div>
    </>
  );
}
