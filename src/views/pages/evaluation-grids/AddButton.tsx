// The grid editor's "add" buttons, left out of a grid only shown.
import { PlusIcon } from '@heroicons/react/20/solid';
import { Button } from '../../components/Button';
import { useGridEditing } from './grid-editing';

export function AddButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  const { readOnly } = useGridEditing();
  if (readOnly) return null;
  return (
    <div>
      <Button variant="secondary" disabled={disabled} onClick={onClick}>
        <PlusIcon className="size-4" aria-hidden="true" />
        {label}
      </Button>
    </div>
  );
}
