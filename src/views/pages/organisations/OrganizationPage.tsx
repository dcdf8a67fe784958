// A supervisor's own organisation: its users, by role; invitations and access for those allowed.
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/users';
import { useMyOrganisation } from '../../../services/queries/organisations';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { OrganisationUsers } from './OrganisationUsers';

export default function OrganizationPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const organisation = useMyOrganisation();
  return (
    <>
      <PageHeader
        title={organisation.data?.name ?? t('pages.titles.organization')}
        intro={t('organisations.mineIntro')}
      />
      {organisation.error && (
        <QueryError error={organisation.error} onRetry={() => void organisation.refetch()} />
      )}
      {organisation.data && <OrganisationUsers organisationId={organisation.data.id} currentUser={user} />}
    </>
  );
}
