// Table columns shared by the user lists.
import type { TFunction } from 'i18next';
import { Link } from 'wouter';
import type { User } from '../../../../contract/users';
import type { Column } from '../../components/DataTable';
import { UserStatusBadge } from './UserStatusBadge';

/** The i18n key of a user's role as people say it: the platform admin is not one of the organisation's roles. */
export const roleLabelKey = (user: Pick<User, 'admin' | 'role'>) =>
  `profile.roles.${user.admin ? 'admin' : user.role}`;

/** Name and email; the name links to the user's page when `linked`. */
export const userNameColumn = (t: TFunction, linked: boolean): Column<User> => ({
  key: 'name',
  header: t('users.name'),
  sortValue: (user) => user.name,
  cell: (user) => (
    <span className="flex flex-col">
      {linked ? (
        <Link href={`/users/${user.id}`} className="font-medium text-purple-800 hover:underline">
          {user.name}
        </Link>
      ) : (
        <span className="font-medium text-gray-900">{user.name}</span>
      )}
      <span className="text-xs text-gray-500">{user.email}</span>
    </span>
  ),
});

export const userStatusColumn = (t: TFunction): Column<User> => ({
  key: 'status',
  header: t('users.status'),
  sortValue: (user) => user.status,
  cell: (user) => <UserStatusBadge status={user.status} />,
});
