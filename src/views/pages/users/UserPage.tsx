// One user, for admins: profile, campaigns and roles, disable or enable, and "log in as this user".
import { ArrowRightEndOnRectangleIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../../contract/users';
import { useUserCampaigns } from '../../../services/queries/campaigns';
import { useLogInAs, useUser } from '../../../services/queries/users';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, queryState } from '../../components/DataTable';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { Section } from '../../components/Section';
import { useNotify } from '../../components/use-notify';
import { StatusToggle } from '../organisations/OrganisationUsers';
import { UserStatusBadge } from './UserStatusBadge';
import { roleLabelKey } from './user-columns';

export default function UserPage({ userId, user: currentUser }: { userId: string; user: CurrentUser }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const user = useUser(userId);
  const campaigns = useUserCampaigns(userId);
  const logInAs = useLogInAs();
  const [confirmingLogIn, setConfirmingLogIn] = useState(false);

  if (user.error) return <PageLoadError error={user.error} onRetry={() => void user.refetch()} />;
  if (!user.data) {
    return <Loading />;
  }
  const shown = user.data;
  const isSelf = shown.id === currentUser.id;

  return (
    <>
      <PageHeader title={shown.name} intro={shown.email}>
        <div className="flex flex-wrap gap-3">
          {!isSelf && <StatusToggle user={shown} />}
          {!isSelf && shown.status === 'active' && (
            <Button onClick={() => setConfirmingLogIn(true)}>
              <ArrowRightEndOnRectangleIcon className="size-4" aria-hidden="true" />
              {t('users.logInAs')}
            </Button>
          )}
        </div>
      </PageHeader>
      <div className="grid grid-cols-1 gap-6">
        <Section title={t('users.profile')}>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <div>
              <dt className="text-xs font-medium text-gray-500">{t('users.role')}</dt>
              <dd className="mt-1 text-sm">{t(roleLabelKey(shown))}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-gray-500">{t('users.status')}</dt>
              <dd className="mt-1">
                <UserStatusBadge status={shown.status} />
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-gray-500">{t('profile.language')}</dt>
              <dd className="mt-1 text-sm">
                {shown.language ? t(`languages.${shown.language}`) : t('profile.languageBrowser')}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-gray-500">{t('users.organisation')}</dt>
              <dd className="mt-1 text-sm">
                {shown.organisation_id ? (
                  <Link
                    href={`/organisations/${shown.organisation_id}/users`}
                    className="text-purple-800 hover:underline"
                  >
                    {t('users.openOrganisation')}
                  </Link>
                ) : (
                  '—'
                )}
              </dd>
            </div>
          </dl>
        </Section>
        <Section title={t('users.campaigns')}>
          <DataTable
            label={t('users.campaigns')}
            columns={[
              {
                key: 'campaign',
                header: t('campaigns.name'),
                sortValue: (membership) => membership.campaign_name,
                cell: (membership) => (
                  <Link
                    href={`/campaigns/${membership.campaign_id}`}
                    className="text-purple-800 hover:underline"
                  >
                    {membership.campaign_name}
                  </Link>
                ),
              },
              {
                key: 'role',
                header: t('members.campaignRole'),
                sortValue: (membership) => membership.role,
                cell: (membership) => t(`campaignRoles.${membership.role}`),
              },
            ]}
            rows={campaigns.data}
            rowKey={(membership) => membership.campaign_id}
            {...queryState(campaigns)}
            emptyText={t('users.noCampaigns')}
            initialSort={{ key: 'campaign', direction: 'asc' }}
          />
        </Section>
      </div>
      <ConfirmDialog
        open={confirmingLogIn}
        title={t('users.logInAsTitle', { name: shown.name })}
        body={t('users.logInAsBody')}
        confirmLabel={t('users.logInAs')}
        pending={logInAs.isPending}
        onClose={() => setConfirmingLogIn(false)}
        onConfirm={() =>
          logInAs.mutate(shown.id, {
            onError: (error) => {
              notify.failure('users.logInAsFailed', error);
              setConfirmingLogIn(false);
            },
          })
        }
      />
    </>
  );
}
