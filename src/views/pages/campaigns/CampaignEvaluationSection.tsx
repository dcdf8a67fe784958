// How a campaign's conversations are evaluated, editable with can_edit_settings: the engine (the local rules or
// the server's LLM provider), whether items that have rules stay with the rules engine, and whether conversations
// are evaluated on their own once analysed. Without a provider the LLM cannot be chosen, and the page says why.
import { ExclamationTriangleIcon, InformationCircleIcon } from '@heroicons/react/20/solid';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../../contract/campaigns';
import type { EvaluationEngineName } from '../../../../contract/evaluations';
import { useUpdateCampaign } from '../../../services/queries/campaigns';
import { CheckboxField, SelectField } from '../../components/fields';
import { SaveButton } from '../../components/SaveButton';
import { Section } from '../../components/Section';
import { useNotify } from '../../components/use-notify';

interface EvaluationSettingsForm {
  engine: EvaluationEngineName;
  forceRules: boolean;
  autoEvaluate: boolean;
}

function ProviderNote({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  if (campaign.llm_evaluation_available) return null;
  const fellBack = campaign.evaluation_engine === 'llm';
  const Icon = fellBack ? ExclamationTriangleIcon : InformationCircleIcon;
  return (
    <p
      role="note"
      className={`flex items-start gap-2 rounded-lg p-3 text-sm ${fellBack ? 'bg-amber-50 text-amber-900' : 'bg-gray-50 text-gray-700'}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {t(fellBack ? 'evaluationSettings.llmGone' : 'evaluationSettings.noProvider')}
    </p>
  );
}

export function CampaignEvaluationSection({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateCampaign(campaign.id);
  const form = useForm<EvaluationSettingsForm>({
    values: {
      engine: campaign.evaluation_engine,
      forceRules: campaign.evaluation_force_rules,
      autoEvaluate: campaign.auto_evaluate,
    },
  });
  const llmChosen = useWatch({ control: form.control, name: 'engine' }) === 'llm';

  const submit = form.handleSubmit((values) =>
    update.mutate(
      {
        evaluation_engine: values.engine,
        evaluation_force_rules: values.forceRules,
        auto_evaluate: values.autoEvaluate,
      },
      {
        onSuccess: () => notify.success('evaluationSettings.saved'),
        onError: (error) => notify.failure('evaluationSettings.saveFailed', error),
      },
    ),
  );

  return (
    <Section title={t('evaluationSettings.title')} intro={t('evaluationSettings.intro')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid max-w-xl gap-4">
        <SelectField
          label={t('evaluationSettings.engine')}
          options={[
            { value: 'rules', label: t('evaluationSettings.engines.rules') },
            {
              value: 'llm',
              label: t(
                campaign.llm_evaluation_available
                  ? 'evaluationSettings.engines.llm'
                  : 'evaluationSettings.engines.llmUnavailable',
              ),
              disabled: !campaign.llm_evaluation_available,
            },
          ]}
          {...form.register('engine')}
        />
        <ProviderNote campaign={campaign} />
        <div className="grid gap-1">
          <Controller
            control={form.control}
            name="forceRules"
            render={({ field }) => (
              <CheckboxField
                label={t('evaluationSettings.forceRules')}
                checked={field.value}
                onChange={field.onChange}
                disabled={!llmChosen || !campaign.llm_evaluation_available}
              />
            )}
          />
          <p className="pl-7 text-xs text-gray-500">
            {t(llmChosen ? 'evaluationSettings.forceRulesHint' : 'evaluationSettings.forceRulesRulesOnly')}
          </p>
        </div>
        <Controller
          control={form.control}
          name="autoEvaluate"
          render={({ field }) => (
            <CheckboxField
              label={t('evaluationSettings.autoEvaluate')}
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <SaveButton changed={form.formState.isDirty} pending={update.isPending} />
      </form>
    </Section>
  );
}
