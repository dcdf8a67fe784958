// The sub-items of a composed item: name, description and rules each (a sub-item is answered yes or no).
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { evaluationGridLimits } from '../../../../contract/evaluation-grids';
import { TextAreaField, TextField } from '../../components/fields';
import { newSubItem } from './grid-form';
import { FieldsetList } from './FieldsetList';
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
    <FieldsetList
      legend={t('evaluationGrid.subItems')}
      error={errors?.message}
      addLabel={t('evaluationGrid.addSubItem')}
      full={list.fields.length >= evaluationGridLimits.subItems}
      onAdd={() => list.append(newSubItem())}
    >
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
    </FieldsetList>
  );
}
