// An organisation's users, filtered by role (agent or supervisor): invite; admins change roles and disable or
// re-enable accounts; supervisors with can_edit_users_access open a user's campaign access.
import { PlusIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { UserRole } from '../../../../contract/enums';
import type { CurrentUser, User } from '../../../../contract/users';
import { useOrganisationUsers } from '../../../services/queries/organisations';
import { useUpdateUser } from '../../../services/queries/users';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, queryState, type Column } from '../../components/DataTable';
import { controlClass } from '../../components/fields';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { useNotify } from '../../components/use-notify';
import { roleLabelKey, userNameColumn, userStatusColumn } from '../users/user-columns';
import { InviteDialog } from './InviteDialog';

const roleFilters = ['all', 'agent', 'supervisor'] as const;

function RoleSelect({ user }: { user: User }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateUser(user.id);
  return (
    <select
      aria-label={t('users.roleOf', { name: user.name })}
      className={`${controlClass} max-w-36`}
      value={user.role}
      disabled={update.isPending}
      onChange={(event) =>
        update.mutate(
          { role: event.target.value as UserRole },
          {
            onSuccess: () => notify.success('users.saved'),
            onError: (error) => notify.failure('users.saveFailed', error),
          },
        )
      }
    >
      <option value="agent">{t('profile.roles.agent')}</option>
      <option value="supervisor">{t('profile.roles.supervisor')}</option>
    </select>
  );
}

export function StatusToggle({ user }: { user: User }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateUser(user.id);
  const [confirming, setConfirming] = useState(false);
  if (user.status === 'invited') return null;
  const disabling = user.status === 'active';
  return (
    <>
      <Button variant={disabling ? 'secondary' : 'primary'} onClick={() => setConfirming(true)}>
        {disabling ? t('users.disable') : t('users.enable')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t(disabling ? 'users.disableTitle' : 'users.enableTitle', { name: user.name })}
        body={t(disabling ? 'users.disableBody' : 'users.enableBody')}
        confirmLabel={disabling ? t('users.disable') : t('users.enable')}
        pending={update.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          update.mutate(
            { status: disabling ? 'disabled' : 'active' },
            {
              onSuccess: () => notify.success(disabling ? 'users.disabled' : 'users.enabled'),
              onError: (error) => notify.failure('users.saveFailed', error),
              onSettled: () => setConfirming(false),
            },
          )
        }
      />
    </>
  );
}

export function OrganisationUsers({
  organisationId,
  currentUser,
}: {
  organisationId: string;
  currentUser: CurrentUser;
}) {
  const { t } = useTranslation();
  const [role, setRole] = useState<(typeof roleFilters)[number]>('all');
  const [search, setSearch] = useState('');
  const [inviting, setInviting] = useState(false);
  const users = useOrganisationUsers(
    organisationId,
    role === 'all' ? undefined : role,
    useDebouncedValue(search),
  );
  const editsAccess =
    !currentUser.admin && currentUser.config.quality_monitoring.policy.can_edit_users_access === true;
  const canInvite = currentUser.admin || editsAccess;

  const columns: Column<User>[] = [
    userNameColumn(t, currentUser.admin),
    {
      key: 'role',
      header: t('users.role'),
      sortValue: (user) => t(roleLabelKey(user)),
      cell: (user) =>
        user.admin ? (
          <span className="inline-flex rounded-full bg-purple-100 px-2 py-0.5 text-xs font-medium text-purple-900">
            {t(roleLabelKey(user))}
          </span>
        ) : currentUser.admin ? (
          <RoleSelect user={user} />
        ) : (
          t(roleLabelKey(user))
        ),
    },
    userStatusColumn(t),
    ...(currentUser.admin || editsAccess
      ? [
          {
            key: 'actions',
            header: t('common.actions'),
            cell: (user: User) =>
              currentUser.admin ? (
                user.id === currentUser.id ? null : (
                  <StatusToggle user={user} />
                )
              ) : (
                <Link
                  href={`/organization/users/${user.id}/access`}
                  className="text-sm font-medium text-purple-800 hover:underline"
                >
                  {t('users.access')}
                </Link>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label={t('users.filterByRole')}
          className="inline-flex rounded-lg bg-white p-1 ring-1 ring-gray-200"
        >
          {roleFilters.map((filter) => (
            <button
              key={filter}
              type="button"
              aria-pressed={role === filter}
              onClick={() => setRole(filter)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-purple-600 ${
                role === filter ? 'bg-purple-700 text-white' : 'text-gray-700 hover:bg-gray-100'
              }`}
            >
              {t(`users.roleFilters.${filter}`)}
            </button>
          ))}
        </div>
        {canInvite && (
          <Button onClick={() => setInviting(true)}>
            <PlusIcon className="size-4" aria-hidden="true" />
            {t('invite.open')}
          </Button>
        )}
      </div>
      <DataTable
        label={t('organisations.users')}
        columns={columns}
        rows={users.data?.items}
        rowKey={(user) => user.id}
        {...queryState(users)}
        emptyText={search ? t('common.noMatch') : t('users.empty')}
        search={{ value: search, onChange: setSearch, placeholder: t('users.search') }}
        initialSort={{ key: 'name', direction: 'asc' }}
      />
      {inviting && <InviteDialog organisationId={organisationId} onClose={() => setInviting(false)} />}
    </>
  );
}
