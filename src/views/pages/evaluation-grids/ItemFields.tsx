// One item of a section: name, description, type, weight, critical, N/A allowed, then by type its rules, its
// levels or its sub-items.
import { useTranslation } from 'react-i18next';
import { evaluationItemTypes } from '../../../../contract/evaluation-grids';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { FlagField } from './FlagField';
import { useGridEditing } from './grid-editing';
import { LevelsFields } from './LevelsFields';
import { RulesFields } from './RulesFields';
import { SubItemsFields } from './SubItemsFields';

export function ItemFields({ section, item }: { section: number; item: number }) {
  const { t } = useTranslation();
  const { form } = useGridEditing();
  const path = `sections.${section}.items.${item}` as const;
  const errors = form.formState.errors.sections?.[section]?.items?.[item];
  const type = form.watch(`${path}.type`);
  const allowNa = form.watch(`${path}.allow_na`);
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-[3fr_2fr_1fr]">
        <TextField
          label={t('evaluationGrid.itemName')}
          error={errors?.name?.message}
          {...form.register(`${path}.name`)}
        />
        <SelectField
          label={t('evaluationGrid.type')}
          options={evaluationItemTypes.map((value) => ({ value, label: t(`evaluationGrid.types.${value}`) }))}
          {...form.register(`${path}.type`)}
        />
        <TextField
          label={t('evaluationGrid.weight')}
          inputMode="decimal"
          error={errors?.weight?.message}
          {...form.register(`${path}.weight`)}
        />
      </div>
      <TextAreaField
        label={t('evaluationGrid.description')}
        rows={2}
        error={errors?.description?.message}
        {...form.register(`${path}.description`)}
      />
      <div className="flex flex-wrap gap-6">
        <FlagField name={`${path}.critical`} label={t('evaluationGrid.critical')} />
        <FlagField name={`${path}.allow_na`} label={t('evaluationGrid.allowNa')} />
      </div>
      {type === 'binary_item' && (
        <RulesFields path={`${path}.rules`} allowNa={allowNa} errors={errors?.rules} />
      )}
      {type === 'multiple_levels_item' && <LevelsFields section={section} item={item} />}
      {type === 'composed_item' && <SubItemsFields section={section} item={item} />}
    </div>
  );
}
