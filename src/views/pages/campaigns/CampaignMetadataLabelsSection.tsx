// The labels of a campaign's metadata keys, editable with can_edit_settings: each key found in its conversations
// (and each already labelled) gets an English and a French label, which the list's filters and the conversation's
// facts show in the user's language instead of the raw key.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../../contract/campaigns';
import { useUpdateCampaign } from '../../../services/queries/campaigns';
import { useConversationMetadata } from '../../../services/queries/conversation-list';
import { TextField } from '../../components/fields';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { SaveButton } from '../../components/SaveButton';
import { Section } from '../../components/Section';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { useNotify } from '../../components/use-notify';
import {
  fromMetadataLabelsForm,
  metadataLabelsFormSchema,
  toMetadataLabelsForm,
  type MetadataLabelsForm,
} from './metadata-labels-form';

export function CampaignMetadataLabelsSection({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const keys = useConversationMetadata(campaign.id);
  return (
    <Section title={t('metadataLabels.title')} intro={t('metadataLabels.intro')}>
      {keys.error ? (
        <QueryError error={keys.error} onRetry={() => void keys.refetch()} />
      ) : keys.data ? (
        <MetadataLabelsEditor
          campaignId={campaign.id}
          values={toMetadataLabelsForm(
            keys.data.map(({ key }) => key),
            campaign.metadata_labels,
          )}
        />
      ) : (
        <Loading />
      )}
    </Section>
  );
}

function MetadataLabelsEditor({ campaignId, values }: { campaignId: string; values: MetadataLabelsForm }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateCampaign(campaignId);
  const form = useForm<MetadataLabelsForm>({ resolver: zodResolver(metadataLabelsFormSchema), values });
  const errors = form.formState.errors.labels;

  const submit = form.handleSubmit((edited) =>
    update.mutate(
      { metadata_labels: fromMetadataLabelsForm(edited) },
      {
        onSuccess: () => notify.success('metadataLabels.saved'),
        onError: (error) => notify.failure('metadataLabels.saveFailed', error),
      },
    ),
  );

  if (values.labels.length === 0) return <p className="text-sm text-gray-600">{t('metadataLabels.none')}</p>;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <UnsavedChangesGuard when={form.formState.isDirty && !update.isPending} />
      <ul className="grid gap-3">
        {values.labels.map(({ key }, index) => (
          <li key={key}>
            <fieldset className="grid gap-3 rounded-lg p-3 ring-1 ring-gray-200 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,2fr)] sm:items-start sm:p-4">
              <legend className="sr-only">{key}</legend>
              <p className="font-mono text-sm break-all text-gray-900 sm:mt-7" aria-hidden="true">
                {key}
              </p>
              <TextField
                label={t('metadataLabels.english')}
                placeholder={key}
                maxLength={100}
                error={errors?.[index]?.en?.message}
                {...form.register(`labels.${index}.en`)}
              />
              <TextField
                label={t('metadataLabels.french')}
                placeholder={key}
                maxLength={100}
                error={errors?.[index]?.fr?.message}
                {...form.register(`labels.${index}.fr`)}
              />
            </fieldset>
          </li>
        ))}
      </ul>
      <SaveButton changed={form.formState.isDirty} pending={update.isPending} />
    </form>
  );
}
