// An organisation's users, for admins.
import type { CurrentUser } from '../../../../contract/users';
import { KnownOrganisation } from './KnownOrganisation';
import { OrganisationTabs } from './OrganisationTabs';
import { OrganisationUsers } from './OrganisationUsers';

export default function OrganisationUsersPage({
  organisationId,
  user,
}: {
  organisationId: string;
  user: CurrentUser;
}) {
  return (
    <KnownOrganisation organisationId={organisationId}>
      {(organisation) => (
        <>
          <OrganisationTabs organisation={organisation} current="users" />
          <OrganisationUsers organisationId={organisation.id} currentUser={user} />
        </>
      )}
    </KnownOrganisation>
  );
}
