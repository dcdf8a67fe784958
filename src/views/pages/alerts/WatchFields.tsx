// What an alert watches: the detail type, the grid element of that type (only those of the campaign's current
// grid), the comparison and the threshold, with what the threshold means for the type chosen.
import type { TFunction } from 'i18next';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { alertDetailTypes, alertOperators } from '../../../../contract/values/enums';
import type { EvaluationGrid } from '../../../../contract/evaluation-grids';
import { SelectField, TextField } from '../../components/fields';
import type { AlertForm } from './alert-form';
import { referenceOf, watchTargets, type WatchTarget } from './alert-watch';

/** What 0–100 means for the chosen item: its levels' scores, when it has levels. */
function scoreHint(t: TFunction, form: AlertForm, target?: WatchTarget) {
  if (!target?.levels) return t(`alerts.form.scoreHints.${form.type}`);
  const levels = target.levels.map((level) => `${level.name} ${level.score}`).join(', ');
  return t('alerts.form.scoreHints.levels', { levels });
}

export function WatchFields({ form, grid }: { form: UseFormReturn<AlertForm>; grid: EvaluationGrid }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const values = form.watch();
  const reference = referenceOf(values.type);
  const targets = watchTargets(grid, values.type);
  const target = targets.find((candidate) => candidate.id === values.target);
  const typeField = form.register('type');

  return (
    <>
      <SelectField
        label={t('alerts.form.type')}
        error={errors.type?.message}
        options={alertDetailTypes.map((type) => ({
          value: type,
          label: t(`alerts.types.${type}`),
          disabled: type !== 'main_score' && watchTargets(grid, type).length === 0,
        }))}
        {...typeField}
        onChange={(event) => {
          void typeField.onChange(event);
          // The element chosen belongs to the former type.
          form.setValue('target', '');
        }}
      />
      {reference && (
        <SelectField
          label={t(`alerts.form.targets.${reference}`)}
          error={errors.target?.message}
          options={[
            { value: '', label: t('alerts.form.chooseTarget'), disabled: true },
            ...targets.map(({ id, name, section }) => ({
              value: id,
              label: section ? t('alerts.form.itemOfSection', { item: name, section }) : name,
            })),
          ]}
          {...form.register('target')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('alerts.form.operator')}
          error={errors.operator?.message}
          options={alertOperators.map((operator) => ({
            value: operator,
            label: t(`notifications.operators.${operator}`),
          }))}
          {...form.register('operator')}
        />
        <TextField
          label={t('alerts.form.score')}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="any"
          error={errors.score?.message}
          hint={scoreHint(t, values, target)}
          {...form.register('score', { valueAsNumber: true })}
        />
      </div>
    </>
  );
}
