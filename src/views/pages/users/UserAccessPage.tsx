// A user's campaign access, for supervisors with can_edit_users_access: each membership's role and policy,
// removal, and adding the user to one of the supervisor's campaigns.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignPolicy, UserCampaign } from '../../../../contract/campaigns';
import type { CampaignRole } from '../../../../contract/enums';
import type { CurrentUser, User } from '../../../../contract/users';
import {
  useAddCampaignMember,
  useCampaigns,
  useMyCampaignRole,
  useRemoveCampaignMember,
  useUpdateCampaignMember,
  useUserCampaigns,
} from '../../../services/queries/campaigns';
import { useUser } from '../../../services/queries/users';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SelectField } from '../../components/fields';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { Section } from '../../components/Section';
import { useNotify } from '../../components/use-notify';
import { campaignAbilities } from '../campaigns/campaign-abilities';
import { MembershipEditor } from '../campaigns/MembershipEditor';

interface MembershipRowProps {
  currentUser: CurrentUser;
  user: User;
  membership: UserCampaign;
}

/** One membership: editable only where the current user may manage that campaign's users. */
function MembershipRow({ currentUser, user, membership }: MembershipRowProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const myRole = useMyCampaignRole(membership.campaign_id);
  const update = useUpdateCampaignMember(membership.campaign_id);
  const remove = useRemoveCampaignMember(membership.campaign_id);
  const [confirming, setConfirming] = useState(false);
  const canManage = myRole.data ? campaignAbilities(currentUser, myRole.data).manageMembers : false;
  if (!canManage) {
    return (
      <li className="flex flex-wrap items-start justify-between gap-4 py-4">
        <p className="min-w-48 font-medium text-gray-900">{membership.campaign_name}</p>
        <p className="text-sm text-gray-700">{t(`campaignRoles.${membership.role}`)}</p>
        <p className="text-xs text-gray-500">
          {myRole.isPending ? t('common.loading') : t('access.notYours')}
        </p>
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-start justify-between gap-4 py-4">
      <div className="min-w-48">
        <p className="font-medium text-gray-900">{membership.campaign_name}</p>
      </div>
      <MembershipEditor
        label={membership.campaign_name}
        role={membership.role}
        policy={membership.policy}
        viewerOnly={user.role === 'agent'}
        disabled={update.isPending}
        onChange={(role, policy) =>
          update.mutate(
            { userId: user.id, role, policy },
            {
              onSuccess: () => notify.success('members.saved'),
              onError: (error) => notify.failure('members.saveFailed', error),
            },
          )
        }
      />
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t('members.remove')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('members.removeTitle')}
        body={t('members.removeBody', { name: user.name, campaign: membership.campaign_name })}
        confirmLabel={t('members.remove')}
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(user.id, {
            onSuccess: () => notify.success('members.removed'),
            onError: (error) => notify.failure('members.removeFailed', error),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </li>
  );
}

function AddToCampaign({ user, memberOf }: { user: User; memberOf: Set<string> }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const campaigns = useCampaigns('');
  const [campaignId, setCampaignId] = useState('');
  const [role, setRole] = useState<CampaignRole>('viewer');
  const [policy, setPolicy] = useState<CampaignPolicy>({});
  const add = useAddCampaignMember(campaignId);
  const choices = (campaigns.data?.items ?? []).filter(
    (campaign) =>
      !memberOf.has(campaign.id) && (campaign.my_role === 'owner' || campaign.my_role === 'editor'),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!campaignId) return;
    add.mutate(
      {
        user_id: user.id,
        role: user.role === 'agent' ? 'viewer' : role,
        policy: role === 'editor' ? policy : {},
      },
      {
        onSuccess: () => {
          notify.success('members.added');
          setCampaignId('');
        },
        onError: (error) => notify.failure('members.addFailed', error),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-4">
      <div className="min-w-64">
        <SelectField
          label={t('access.campaign')}
          value={campaignId}
          onChange={(event) => setCampaignId(event.target.value)}
          options={[
            { value: '', label: choices.length ? t('access.chooseCampaign') : t('access.noCampaignLeft') },
            ...choices.map((campaign) => ({ value: campaign.id, label: campaign.name })),
          ]}
        />
      </div>
      <MembershipEditor
        label={user.name}
        role={user.role === 'agent' ? 'viewer' : role}
        policy={policy}
        viewerOnly={user.role === 'agent'}
        onChange={(nextRole, nextPolicy) => {
          setRole(nextRole);
          setPolicy(nextPolicy);
        }}
      />
      <Button type="submit" disabled={!campaignId || add.isPending}>
        {add.isPending ? t('common.working') : t('access.submit')}
      </Button>
    </form>
  );
}

export default function UserAccessPage({
  userId,
  currentUser,
}: {
  userId: string;
  currentUser: CurrentUser;
}) {
  const { t } = useTranslation();
  const user = useUser(userId);
  const memberships = useUserCampaigns(userId);
  const error = user.error ?? memberships.error;
  if (error) {
    return (
      <PageLoadError
        error={error}
        onRetry={() => void Promise.all([user.refetch(), memberships.refetch()])}
      />
    );
  }
  if (!user.data || !memberships.data) {
    return <Loading />;
  }
  return (
    <>
      <PageHeader title={t('access.title', { name: user.data.name })} intro={t('access.intro')} />
      <div className="grid grid-cols-1 gap-6">
        <Section title={t('access.memberships')}>
          {memberships.data.length === 0 ? (
            <p className="text-sm text-gray-600">{t('users.noCampaigns')}</p>
          ) : (
            <ul className="divide-y divide-gray-100">
              {memberships.data.map((membership) => (
                <MembershipRow
                  key={membership.campaign_id}
                  currentUser={currentUser}
                  user={user.data}
                  membership={membership}
                />
              ))}
            </ul>
          )}
        </Section>
        <Section title={t('access.add')}>
          <AddToCampaign user={user.data} memberOf={new Set(memberships.data.map((m) => m.campaign_id))} />
        </Section>
      </div>
    </>
  );
}
