// A checkbox of the grid editor bound to one boolean of the form.
import { Controller, type FieldPathByValue } from 'react-hook-form';
import { CheckboxField } from '../../components/fields';
import type { GridForm } from './grid-form';
import { useGridEditing } from './grid-editing';

export function FlagField({ name, label }: { name: FieldPathByValue<GridForm, boolean>; label: string }) {
  const { form, readOnly } = useGridEditing();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <CheckboxField label={label} checked={field.value} onChange={field.onChange} disabled={readOnly} />
      )}
    />
  );
}
