// The local engine's rules of a custom analysis, per type: who must say it and the phrases to look for (for a
// choice, phrases per option); without phrases the local engine gives no answer and only the provider answers.
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ruleSpeakers } from '../../../../contract/evaluation-grids';
import { CheckboxField, SelectField, TextAreaField } from '../../components/fields';
import { linesOf, type AnalysisForm } from './analysis-form';

export function RulesEditor({ form }: { form: UseFormReturn<AnalysisForm> }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const type = form.watch('type');
  const options = linesOf(form.watch('options'));
  return (
    <fieldset className="grid gap-3 rounded-lg p-3 ring-1 ring-gray-200">
      <legend className="px-1 text-sm font-medium text-gray-900">{t('customAnalyses.rules.title')}</legend>
      <p className="text-xs text-gray-600">{t(`customAnalyses.rules.help.${type}`)}</p>
      <SelectField
        label={t('evaluationGrid.speaker')}
        options={ruleSpeakers.map((speaker) => ({
          value: speaker,
          label: t(`evaluationGrid.speakers.${speaker}`),
        }))}
        {...form.register('speaker')}
      />
      {type === 'choice' ? (
        options.length === 0 ? (
          <p className="text-sm text-gray-600">{t('customAnalyses.rules.optionsFirst')}</p>
        ) : (
          options.map((option, index) => (
            <TextAreaField
              key={`${index}-${option}`}
              label={t('customAnalyses.rules.phrasesFor', { option })}
              error={errors.choicePhrases?.[index]?.message}
              {...form.register(`choicePhrases.${index}`)}
            />
          ))
        )
      ) : (
        <TextAreaField
          label={t('evaluationGrid.phrases')}
          error={errors.phrases?.message}
          {...form.register('phrases')}
        />
      )}
      {type === 'yes_no' && (
        <Controller
          control={form.control}
          name="absent"
          render={({ field }) => (
            <CheckboxField
              label={t('customAnalyses.rules.absent')}
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
      )}
    </fieldset>
  );
}
