// One section of the grid: its name and its items, which can be added, moved and removed.
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { evaluationGridLimits } from '../../../../contract/evaluation-grids';
import { TextField } from '../../components/fields';
import { AddButton } from './AddButton';
import { newItem } from './grid-form';
import { useGridEditing } from './grid-editing';
import { ItemFields } from './ItemFields';
import { ListControls } from './ListControls';
import { TestItemButton } from './TestItemButton';

export function SectionFields({ section }: { section: number }) {
  const { t } = useTranslation();
  const { form, readOnly } = useGridEditing();
  const path = `sections.${section}.items` as const;
  const list = useFieldArray({ control: form.control, name: path, keyName: 'key' });
  const errors = form.formState.errors.sections?.[section];
  const itemLabel = (index: number) =>
    form.watch(`${path}.${index}.name`).trim() || t('evaluationGrid.unnamedItem', { number: index + 1 });
  return (
    <div className="grid gap-4">
      <TextField
        label={t('evaluationGrid.sectionName')}
        error={errors?.name?.message}
        {...form.register(`sections.${section}.name`)}
      />
      {list.fields.length === 0 ? (
        <p className="text-sm text-gray-600">{t('evaluationGrid.noItems')}</p>
      ) : (
        <ol className="grid gap-4">
          {list.fields.map((field, index) => (
            <li
              key={field.key}
              aria-label={itemLabel(index)}
              className="grid gap-3 rounded-lg p-3 ring-1 ring-gray-300 sm:p-4"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h4 className="text-sm font-semibold text-gray-900">{itemLabel(index)}</h4>
                {!readOnly && (
                  <div className="flex flex-wrap gap-2">
                    <TestItemButton position={`${section}.${index}`} label={itemLabel(index)} />
                    <ListControls
                      listId={`items-${section}`}
                      index={index}
                      count={list.fields.length}
                      label={itemLabel(index)}
                      onMove={list.move}
                      onRemove={() => list.remove(index)}
                    />
                  </div>
                )}
              </div>
              <ItemFields section={section} item={index} />
            </li>
          ))}
        </ol>
      )}
      <AddButton
        label={t('evaluationGrid.addItem')}
        disabled={list.fields.length >= evaluationGridLimits.items}
        onClick={() => list.append(newItem())}
      />
    </div>
  );
}
