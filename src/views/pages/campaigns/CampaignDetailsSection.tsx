// A campaign's name, description and language, editable with can_edit_settings.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../../contract/campaigns';
import { useUpdateCampaign } from '../../../services/queries/campaigns';
import { SaveButton } from '../../components/SaveButton';
import { useNotify } from '../../components/use-notify';
import { campaignFormSchema, type CampaignForm } from './campaign-form';
import { CampaignFields } from './CampaignFields';
import { Section } from '../../components/Section';

export function CampaignDetailsSection({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateCampaign(campaign.id);
  const form = useForm<CampaignForm>({
    resolver: zodResolver(campaignFormSchema),
    values: { name: campaign.name, description: campaign.description, language: campaign.language },
  });

  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => notify.success('campaigns.saved'),
      onError: (error) => notify.failure('campaigns.saveFailed', error),
    }),
  );

  return (
    <Section title={t('campaigns.details')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid max-w-xl gap-4">
        <CampaignFields form={form} />
        <SaveButton changed={form.formState.isDirty} pending={update.isPending} />
      </form>
    </Section>
  );
}
