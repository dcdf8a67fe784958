// Adds a user of the campaign's organisation to the campaign, with a role (agents only as viewers).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign, CampaignPolicy } from '../../../../contract/campaigns';
import type { CampaignRole } from '../../../../contract/enums';
import { useAddCampaignMember } from '../../../services/queries/campaigns';
import { useOrganisationUsers } from '../../../services/queries/organisations';
import { SelectField } from '../../components/fields';
import { FormDialog } from '../../components/FormDialog';
import { refusalKey } from '../../components/refusal';
import { useNotify } from '../../components/use-notify';
import { roleLabelKey } from '../users/user-columns';
import { MembershipEditor } from './MembershipEditor';

interface AddMemberDialogProps {
  campaign: Campaign;
  existing: Set<string>;
  onClose: () => void;
}

export function AddMemberDialog({ campaign, existing, onClose }: AddMemberDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const add = useAddCampaignMember(campaign.id);
  const users = useOrganisationUsers(campaign.organisation_id, undefined, '');
  const candidates = (users.data?.items ?? []).filter(
    (user) => !existing.has(user.id) && user.status !== 'disabled',
  );
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<CampaignRole>('viewer');
  const [policy, setPolicy] = useState<CampaignPolicy>({});
  const [error, setError] = useState<string>();
  const chosen = candidates.find((user) => user.id === userId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) {
      setError('validation.chooseUser');
      return;
    }
    add.mutate(
      {
        user_id: chosen.id,
        role: chosen.role === 'agent' ? 'viewer' : role,
        policy: role === 'editor' ? policy : {},
      },
      {
        onSuccess: () => {
          notify.success('members.added');
          onClose();
        },
        onError: (failure) => {
          const refusal = refusalKey(failure, { 409: 'refusals.alreadyMember' });
          if (refusal) setError(refusal);
          else notify.failure('members.addFailed', failure);
        },
      },
    );
  };

  return (
    <FormDialog
      open
      title={t('members.addTitle', { campaign: campaign.name })}
      submitLabel={t('members.add')}
      pending={add.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label={t('members.user')}
        value={userId}
        error={error}
        onChange={(event) => {
          setUserId(event.target.value);
          setError(undefined);
        }}
        options={[
          { value: '', label: users.isPending ? t('common.loading') : t('members.chooseUser') },
          ...candidates.map((user) => ({
            value: user.id,
            label: `${user.name} — ${user.email} (${t(roleLabelKey(user))})`,
          })),
        ]}
      />
      {users.isError && <p className="text-sm text-red-700">{t('common.loadFailed')}</p>}
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-gray-700">{t('members.campaignRole')}</span>
        <MembershipEditor
          label={chosen?.name ?? t('members.user')}
          role={chosen?.role === 'agent' ? 'viewer' : role}
          policy={policy}
          viewerOnly={chosen?.role === 'agent'}
          onChange={(nextRole, nextPolicy) => {
            setRole(nextRole);
            setPolicy(nextPolicy);
          }}
        />
      </div>
    </FormDialog>
  );
}
