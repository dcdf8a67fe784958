// The campaign's users (spec §3 campaign membership): add, change role and policy, remove — with
// can_manage_users; a campaign keeps at least one owner (the server refuses otherwise).
import { PlusIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  campaignPermissions,
  type Campaign,
  type CampaignMember,
  type CampaignPolicy,
} from '../../../../contract/campaigns';
import type { CampaignRole } from '../../../../contract/enums';
import { campaignRoles } from '../../../../contract/values/enums';
import {
  useCampaignMembers,
  useRemoveCampaignMember,
  useUpdateCampaignMember,
} from '../../../services/queries/campaigns';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, queryState, type Column } from '../../components/DataTable';
import { Section } from '../../components/Section';
import { useNotify } from '../../components/use-notify';
import { AddMemberDialog } from './AddMemberDialog';
import { MembershipEditor } from './MembershipEditor';

export function CampaignMembersSection({ campaign, canManage }: { campaign: Campaign; canManage: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const members = useCampaignMembers(campaign.id);
  const update = useUpdateCampaignMember(campaign.id);
  const remove = useRemoveCampaignMember(campaign.id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CampaignMember | null>(null);

  const change = (member: CampaignMember, role: CampaignRole, policy: CampaignPolicy) =>
    update.mutate(
      { userId: member.user_id, role, policy },
      {
        onSuccess: () => notify.success('members.saved'),
        onError: (error) => notify.failure('members.saveFailed', error),
      },
    );

  const columns: Column<CampaignMember>[] = [
    {
      key: 'name',
      header: t('members.name'),
      sortValue: (member) => member.name,
      cell: (member) => (
        <span className="flex flex-col">
          <span className="font-medium text-gray-900">{member.name}</span>
          <span className="text-xs text-gray-500">{member.email}</span>
        </span>
      ),
    },
    {
      key: 'userRole',
      header: t('members.userRole'),
      sortValue: (member) => member.user_role,
      cell: (member) => t(`profile.roles.${member.user_role}`),
    },
    {
      key: 'role',
      header: t('members.campaignRole'),
      sortValue: (member) => campaignRoles.indexOf(member.role),
      cell: (member) =>
        canManage ? (
          <MembershipEditor
            label={member.name}
            role={member.role}
            policy={member.policy}
            viewerOnly={member.user_role === 'agent'}
            disabled={update.isPending}
            onChange={(role, policy) => change(member, role, policy)}
          />
        ) : (
          <span>
            {t(`campaignRoles.${member.role}`)}
            {member.role === 'editor' &&
              campaignPermissions
                .filter((flag) => member.policy[flag])
                .map((flag) => ` · ${t(`campaignPermissions.${flag}`)}`)
                .join('')}
          </span>
        ),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: t('common.actions'),
            cell: (member: CampaignMember) => (
              <Button variant="secondary" onClick={() => setRemoving(member)}>
                {t('members.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Section title={t('members.title')} intro={t('members.intro')}>
      {canManage && (
        <div className="mb-3">
          <Button onClick={() => setAdding(true)}>
            <PlusIcon className="size-4" aria-hidden="true" />
            {t('members.add')}
          </Button>
        </div>
      )}
      <DataTable
        label={t('members.title')}
        columns={columns}
        rows={members.data}
        rowKey={(member) => member.user_id}
        {...queryState(members)}
        emptyText={t('members.empty')}
        initialSort={{ key: 'role', direction: 'asc' }}
      />
      {adding && (
        <AddMemberDialog
          campaign={campaign}
          existing={new Set(members.data?.map((member) => member.user_id))}
          onClose={() => setAdding(false)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('members.removeTitle')}
        body={t('members.removeBody', { name: removing?.name ?? '', campaign: campaign.name })}
        confirmLabel={t('members.remove')}
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.user_id, {
            onSuccess: () => {
              notify.success('members.removed');
              setRemoving(null);
            },
            onError: (error) => {
              notify.failure('members.removeFailed', error);
              setRemoving(null);
            },
          })
        }
      />
    </Section>
  );
}
