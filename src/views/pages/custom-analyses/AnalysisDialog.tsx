// Creating or changing a custom analysis in a dialog: its name, the question the provider answers, its type (a
// choice with its options) and the local engine's rules. The answer says how many conversations are answered.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { customAnalysisTypes, type CustomAnalysis } from '../../../../contract/custom-analyses';
import { useSaveCustomAnalysis } from '../../../services/queries/custom-analyses';
import { FormDialog } from '../../components/FormDialog';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { useNotify } from '../../components/use-notify';
import {
  analysisFormSchema,
  changeOf,
  emptyAnalysisForm,
  fromAnalysisForm,
  placeAnalysisRefusals,
  toAnalysisForm,
  type AnalysisForm,
} from './analysis-form';
import { RulesEditor } from './RulesEditor';

interface AnalysisDialogProps {
  campaignId: string;
  /** The analysis to change; null to create one. */
  analysis: CustomAnalysis | null;
  onClose: () => void;
}

export function AnalysisDialog({ campaignId, analysis, onClose }: AnalysisDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSaveCustomAnalysis(campaignId);
  const form = useForm<AnalysisForm>({
    resolver: zodResolver(analysisFormSchema),
    defaultValues: analysis ? toAnalysisForm(analysis) : emptyAnalysisForm,
  });
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });

  const submit = form.handleSubmit((edited) =>
    save.mutate(
      { id: analysis?.id ?? null, body: analysis ? changeOf(edited) : fromAnalysisForm(edited) },
      {
        onSuccess: ({ reanalysing }) => {
          notify.success(reanalysing > 0 ? 'customAnalyses.savedReanalysing' : 'customAnalyses.saved', {
            count: reanalysing,
          });
          onClose();
        },
        onError: (error) => {
          if (!placeAnalysisRefusals(form, error)) notify.failure('customAnalyses.saveFailed', error);
        },
      },
    ),
  );

  return (
    <FormDialog
      open
      title={t(analysis ? 'customAnalyses.editTitle' : 'customAnalyses.createTitle')}
      submitLabel={t(analysis ? 'common.save' : 'customAnalyses.create')}
      pending={save.isPending}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <TextField
        label={t('customAnalyses.fields.name')}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextAreaField
        label={t('customAnalyses.fields.question')}
        hint={t('customAnalyses.fields.questionHint')}
        error={errors.question?.message}
        {...form.register('question')}
      />
      <SelectField
        label={t('customAnalyses.fields.type')}
        error={errors.type?.message}
        options={customAnalysisTypes.map((value) => ({ value, label: t(`customAnalyses.types.${value}`) }))}
        {...form.register('type')}
      />
      {type === 'choice' && (
        <TextAreaField
          label={t('customAnalyses.fields.options')}
          error={errors.options?.message}
          {...form.register('options')}
        />
      )}
      <RulesEditor form={form} />
    </FormDialog>
  );
}
