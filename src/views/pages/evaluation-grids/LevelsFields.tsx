// The levels of a multiple-levels item: name, description and score (0–100) each, in order.
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { evaluationGridLimits } from '../../../../contract/evaluation-grids';
import { TextField } from '../../components/fields';
import { newLevel } from './grid-form';
import { FieldsetList } from './FieldsetList';
import { useGridEditing } from './grid-editing';
import { ListControls } from './ListControls';

export function LevelsFields({ section, item }: { section: number; item: number }) {
  const { t } = useTranslation();
  const { form, readOnly } = useGridEditing();
  const path = `sections.${section}.items.${item}.levels` as const;
  const list = useFieldArray({ control: form.control, name: path, keyName: 'key' });
  const errors = form.formState.errors.sections?.[section]?.items?.[item]?.levels;
  return (
    <FieldsetList
      legend={t('evaluationGrid.levels')}
      error={errors?.message}
      addLabel={t('evaluationGrid.addLevel')}
      full={list.fields.length >= evaluationGridLimits.levels}
      onAdd={() => list.append(newLevel())}
    >
      {list.fields.map((field, index) => (
        <li
          key={field.key}
          className="grid gap-3 rounded-lg bg-gray-50 p-3 sm:grid-cols-[2fr_3fr_1fr_auto] sm:items-start"
        >
          <TextField
            label={t('evaluationGrid.levelName')}
            error={errors?.[index]?.name?.message}
            {...form.register(`${path}.${index}.name`)}
          />
          <TextField
            label={t('evaluationGrid.description')}
            error={errors?.[index]?.description?.message}
            {...form.register(`${path}.${index}.description`)}
          />
          <TextField
            label={t('evaluationGrid.score')}
            inputMode="decimal"
            error={errors?.[index]?.score?.message}
            {...form.register(`${path}.${index}.score`)}
          />
          {!readOnly && (
            <div className="sm:mt-6">
              <ListControls
                listId={`levels-${section}-${item}`}
                index={index}
                count={list.fields.length}
                label={t('evaluationGrid.levelLabel', { number: index + 1 })}
                onMove={list.move}
                onRemove={() => list.remove(index)}
              />
            </div>
          )}
        </li>
      ))}
    </FieldsetList>
  );
}
