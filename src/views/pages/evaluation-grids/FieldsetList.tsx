// A list of an item's parts (levels, sub-items) in a fieldset: its legend, the list's own error, the entries, and
// the button that adds one.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from './AddButton';

interface FieldsetListProps {
  legend: string;
  /** The i18n key of what is wrong with the list as a whole, if anything. */
  error: string | undefined;
  addLabel: string;
  full: boolean;
  onAdd: () => void;
  /** The entries, each an `<li>`. */
  children: ReactNode;
}

export function FieldsetList({ legend, error, addLabel, full, onAdd, children }: FieldsetListProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium text-gray-700">{legend}</legend>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
      <ol className="grid gap-3">{children}</ol>
      <AddButton label={addLabel} disabled={full} onClick={onAdd} />
    </fieldset>
  );
}
