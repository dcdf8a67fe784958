// Every user of the platform (admins), searchable by name or email.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../../contract/users';
import { useUsers } from '../../../services/queries/users';
import { DataTable, queryState, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { roleLabelKey, userNameColumn, userStatusColumn } from './user-columns';

export default function UsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const users = useUsers(useDebouncedValue(search));
  const columns: Column<User>[] = [
    userNameColumn(t, true),
    {
      key: 'role',
      header: t('users.role'),
      sortValue: (user) => (user.admin ? 'admin' : user.role),
      cell: (user) => t(roleLabelKey(user)),
    },
    userStatusColumn(t),
  ];
  return (
    <>
      <PageHeader title={t('pages.titles.users')} intro={t('users.intro')} />
      <DataTable
        label={t('pages.titles.users')}
        columns={columns}
        rows={users.data?.items}
        rowKey={(user) => user.id}
        {...queryState(users)}
        emptyText={search ? t('common.noMatch') : t('users.empty')}
        search={{ value: search, onChange: setSearch, placeholder: t('users.search') }}
        initialSort={{ key: 'name', direction: 'asc' }}
      />
    </>
  );
}
