// The rules of a binary item or a sub-item for the local engine: phrases one per line, whose turns count (the
// window, then the speaker), whether the phrases must be absent, and, where N/A is allowed, the phrases without
// which the item is N/A.
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { speakers, windows, type RulesForm } from './grid-form';
import { FlagField } from './FlagField';
import { useGridEditing } from './grid-editing';

/** The phrase boxes grow with their lines between these, then scroll. */
const minPhraseRows = 3;
const maxPhraseRows = 10;
const rowsFor = (text: string) => Math.min(maxPhraseRows, Math.max(minPhraseRows, text.split('\n').length));

type RulesPath =
  `sections.${number}.items.${number}.rules` | `sections.${number}.items.${number}.sub_items.${number}.rules`;
type RulesErrors = Partial<Record<keyof RulesForm, FieldError>> | undefined;

export function RulesFields({
  path,
  allowNa,
  errors,
}: {
  path: RulesPath;
  allowNa: boolean;
  errors: RulesErrors;
}) {
  const { t } = useTranslation();
  const { form } = useGridEditing();
  const rules = form.watch(path);
  return (
    <fieldset className="grid gap-3 rounded-lg bg-gray-50 p-3">
      <legend className="sr-only">{t('evaluationGrid.rules')}</legend>
      <FlagField name={`${path}.enabled`} label={t('evaluationGrid.rulesEnabled')} />
      {rules.enabled ? (
        <>
          <TextAreaField
            label={t('evaluationGrid.phrases')}
            error={errors?.any_of?.message}
            rows={rowsFor(rules.any_of)}
            {...form.register(`${path}.any_of`)}
          />
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField
              label={t('evaluationGrid.speaker')}
              options={speakers.map((speaker) => ({
                value: speaker,
                label: t(`evaluationGrid.speakers.${speaker}`),
              }))}
              {...form.register(`${path}.speaker`)}
            />
            <SelectField
              label={t('evaluationGrid.window')}
              options={windows.map((window) => ({
                value: window,
                label: t(`evaluationGrid.windows.${window}`),
              }))}
              {...form.register(`${path}.window`)}
            />
            {rules.window !== 'all' && (
              <TextField
                label={t('evaluationGrid.turns')}
                inputMode="numeric"
                error={errors?.turns?.message}
                {...form.register(`${path}.turns`)}
              />
            )}
          </div>
          <FlagField name={`${path}.absent`} label={t('evaluationGrid.absent')} />
          {allowNa && (
            <TextAreaField
              label={t('evaluationGrid.naUnless')}
              error={errors?.na_unless_any_of?.message}
              rows={rowsFor(rules.na_unless_any_of)}
              {...form.register(`${path}.na_unless_any_of`)}
            />
          )}
        </>
      ) : (
        <p className="text-sm text-gray-600">{t('evaluationGrid.noRules')}</p>
      )}
    </fieldset>
  );
}
