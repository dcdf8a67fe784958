// A campaign's PII redaction, editable with can_edit_settings: what is sent to LLM providers, what is stored (for
// conversations that arrive from then on, irreversibly) and what is exported has its emails, phone numbers, card
// numbers, IBANs and French social security numbers replaced by placeholders naming their type.
import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../../contract/campaigns';
import { useUpdateCampaign } from '../../../services/queries/campaigns';
import { CheckboxField } from '../../components/fields';
import { SaveButton } from '../../components/SaveButton';
import { Section } from '../../components/Section';
import { useNotify } from '../../components/use-notify';

interface RedactionForm {
  redact_for_providers: boolean;
  redact_at_ingestion: boolean;
  redact_exports: boolean;
}

const settings = [
  {
    name: 'redact_for_providers',
    label: 'redactionSettings.forProviders',
    hint: 'redactionSettings.forProvidersHint',
  },
  {
    name: 'redact_at_ingestion',
    label: 'redactionSettings.atIngestion',
    hint: 'redactionSettings.atIngestionHint',
  },
  { name: 'redact_exports', label: 'redactionSettings.exports', hint: 'redactionSettings.exportsHint' },
] as const;

export function CampaignRedactionSection({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateCampaign(campaign.id);
  const form = useForm<RedactionForm>({
    values: {
      redact_for_providers: campaign.redact_for_providers,
      redact_at_ingestion: campaign.redact_at_ingestion,
      redact_exports: campaign.redact_exports,
    },
  });

  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => notify.success('redactionSettings.saved'),
      onError: (error) => notify.failure('redactionSettings.saveFailed', error),
    }),
  );

  return (
    <Section title={t('redactionSettings.title')} intro={t('redactionSettings.intro')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid max-w-xl gap-4">
        {settings.map(({ name, label, hint }) => (
          <div key={name} className="grid gap-1">
            <Controller
              control={form.control}
              name={name}
              render={({ field }) => (
                <CheckboxField label={t(label)} checked={field.value} onChange={field.onChange} />
              )}
            />
            <p className="pl-7 text-xs text-gray-500">{t(hint)}</p>
          </div>
        ))}
        <p role="note" className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <ExclamationTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('redactionSettings.irreversible')}
        </p>
        <SaveButton changed={form.formState.isDirty} pending={update.isPending} />
      </form>
    </Section>
  );
}
