// An organisation's users, for admins.
import type { CurrentUser } from '../../../../contract/users';
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
    <>
      <OrganisationTabs organisationId={organisationId} current="users" />
      <OrganisationUsers organisationId={organisationId} currentUser={user} />
    </>
  );
}
