// The additional scores: a name and the items they average, chosen among the grid's published items (an item
// gets its id when published, so a new item is published before a score can name it).
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { evaluationGridLimits } from '../../../../contract/evaluation-grids';
import { CheckboxField, TextField } from '../../components/fields';
import { AddButton } from './AddButton';
import { newAdditionalScore } from './grid-form';
import { useGridEditing } from './grid-editing';
import { ListControls } from './ListControls';

export function AdditionalScoresFields() {
  const { t } = useTranslation();
  const { form, readOnly } = useGridEditing();
  const list = useFieldArray({ control: form.control, name: 'additional_scores', keyName: 'key' });
  const errors = form.formState.errors.additional_scores;
  const publishedItems = form
    .watch('sections')
    .flatMap((section) =>
      section.items.flatMap((item) => (item.id ? [{ id: item.id, name: item.name }] : [])),
    );
  const scoreLabel = (index: number) =>
    form.watch(`additional_scores.${index}.name`).trim() ||
    t('evaluationGrid.unnamedScore', { number: index + 1 });
  return (
    <div className="grid gap-4">
      <p className="text-sm text-gray-600">{t('evaluationGrid.scoresHint')}</p>
      <ol className="grid gap-3">
        {list.fields.map((field, index) => (
          <li
            key={field.key}
            aria-label={scoreLabel(index)}
            className="grid gap-3 rounded-lg p-3 ring-1 ring-gray-300"
          >
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 flex-1">
                <TextField
                  label={t('evaluationGrid.scoreName')}
                  error={errors?.[index]?.name?.message}
                  {...form.register(`additional_scores.${index}.name`)}
                />
              </div>
              {!readOnly && (
                <div className="sm:mt-6">
                  <ListControls
                    listId="scores"
                    index={index}
                    count={list.fields.length}
                    label={scoreLabel(index)}
                    onMove={list.move}
                    onRemove={() => list.remove(index)}
                  />
                </div>
              )}
            </div>
            <Controller
              control={form.control}
              name={`additional_scores.${index}.item_ids`}
              render={({ field: ids, fieldState }) => (
                <fieldset className="grid gap-2">
                  <legend className="text-sm font-medium text-gray-700">
                    {t('evaluationGrid.scoreItems')}
                  </legend>
                  <div className="grid gap-2 sm:grid-cols-2">
                    {publishedItems.map((item) => (
                      <CheckboxField
                        key={item.id}
                        label={item.name}
                        disabled={readOnly}
                        checked={ids.value.includes(item.id)}
                        onChange={(checked) =>
                          ids.onChange(
                            checked ? [...ids.value, item.id] : ids.value.filter((id) => id !== item.id),
                          )
                        }
                      />
                    ))}
                  </div>
                  {fieldState.error?.message && (
                    <p role="alert" className="text-sm text-red-700">
                      {t(fieldState.error.message)}
                    </p>
                  )}
                </fieldset>
              )}
            />
          </li>
        ))}
      </ol>
      <AddButton
        label={t('evaluationGrid.addScore')}
        disabled={list.fields.length >= evaluationGridLimits.additionalScores}
        onClick={() => list.append(newAdditionalScore())}
      />
    </div>
  );
}
