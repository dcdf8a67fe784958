// Duplicating a campaign (settings and members, never conversations) and deleting it, after confirmation.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Campaign } from '../../../../contract/campaigns';
import { useDeleteCampaign, useDuplicateCampaign } from '../../../services/queries/campaigns';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Section } from '../../components/Section';
import { useNotify } from '../../components/use-notify';
import type { CampaignAbilities } from './campaign-abilities';

export function CampaignDangerSection({
  campaign,
  abilities,
}: {
  campaign: Campaign;
  abilities: CampaignAbilities;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const duplicate = useDuplicateCampaign(campaign.id);
  const remove = useDeleteCampaign(campaign.id);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  return (
    <Section title={t('campaigns.moreActions')}>
      <div className="flex flex-wrap gap-3">
        {abilities.duplicate && (
          <Button
            variant="secondary"
            disabled={duplicate.isPending}
            onClick={() =>
              duplicate.mutate(undefined, {
                onSuccess: (copy) => {
                  notify.success('campaigns.duplicated');
                  navigate(`/campaigns/${copy.id}`);
                },
                onError: (error) => notify.failure('campaigns.duplicateFailed', error),
              })
            }
          >
            {duplicate.isPending ? t('common.working') : t('campaigns.duplicate')}
          </Button>
        )}
        {abilities.delete && (
          <Button variant="danger" onClick={() => setConfirmingDelete(true)}>
            {t('campaigns.delete')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        title={t('campaigns.deleteTitle', { name: campaign.name })}
        body={t('campaigns.deleteBody')}
        confirmLabel={t('campaigns.delete')}
        pending={remove.isPending}
        onClose={() => setConfirmingDelete(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notify.success('campaigns.deleted');
              navigate('/campaigns');
            },
            onError: (error) => {
              notify.failure('campaigns.deleteFailed', error);
              setConfirmingDelete(false);
            },
          })
        }
      />
    </Section>
  );
}
