// The sub-items of a composed item: name, description and rules each (a sub-item is answered yes or no).
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { evaluationGridLimits } from '../../../../contract/evaluation-grids';
import { TextAreaField, TextField } from '../../components/fields';
import { AddButton } from './AddButton';
import { newSubItem } from './grid-form';
import { useGridEditing } from './grid-editing';
import { ListControls } from './ListControls';
import { RulesFields } from './RulesFields';

export function SubItemsFields({ section, item }: { section: number; item: number }) {
  const { t } = useTranslation();
  const { form, readOnly } = useGridEditing();
  const path = `sections.${section}.items.${item}.sub_items` as const;
  const list = useFieldArray({ control: form.control, name: path, keyName: 'key' });
  const errors = form.formState.errors.sections?.[section]?.items?.[item]?.sub_items;
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium text-gray-700">{t('evaluationGrid.subItems')}</legend>
      {errors?.message && (
        <p role="alert" className="text-sm text-red-700">
          {t(errors.message)}
        </p>
      )}
      <ol className="grid gap-3">
        {list.fields.map((field, index) => (
          <li key={field.key} className="grid gap-3 rounded-lg p-3 ring-1 ring-gray-200">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 flex-1">
                <TextField
                  label={t('evaluationGrid.subItemName')}
                  error={errors?.[index]?.name?.message}
                  {...form.register(`${path}.${index}.name`)}
                />
              </div>
              {!readOnly && (
                <div className="sm:mt-6">
                  <ListControls
                    listId={`sub-items-${section}-${item}`}
                    index={index}
                    count={list.fields.length}
                    label={t('evaluationGrid.subItemLabel', { number: index + 1 })}
                    onMove={list.move}
                    onRemove={() => list.remove(index)}
                  />
                </div>
              )}
            </div>
            <TextAreaField
              label={t('evaluationGrid.description')}
              rows={2}
              error={errors?.[index]?.description?.message}
              {...form.register(`${path}.${index}.description`)}
            />
            <RulesFields path={`${path}.${index}.rules`} allowNa={false} errors={errors?.[index]?.rules} />
          </li>
        ))}
      </ol>
      <AddButton
        label={t('evaluationGrid.addSubItem')}
        disabled={list.fields.length >= evaluationGridLimits.subItems}
        onClick={() => list.append(newSubItem())}
      />
    </fieldset>
  );
}
