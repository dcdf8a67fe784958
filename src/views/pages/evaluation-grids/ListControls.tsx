// Move up, move down and delete (after a confirmation) for one entry of a list in the grid editor. A moved entry
// keeps the keyboard focus on the button that moved it, at its new place.
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';

interface ListControlsProps {
  /** Unique to the list: the buttons' ids are made from it and the entry's position. */
  listId: string;
  index: number;
  count: number;
  /** The entry as a person reads it ("Section “Greeting”"). */
  label: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

const buttonId = (listId: string, index: number, direction: 'up' | 'down') =>
  `${listId}-${index}-${direction}`;

export function ListControls({ listId, index, count, label, onMove, onRemove }: ListControlsProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const move = (direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    onMove(index, to);
    const atEdge = direction === 'up' ? to === 0 : to === count - 1;
    setTimeout(() =>
      document
        .getElementById(buttonId(listId, to, atEdge ? (direction === 'up' ? 'down' : 'up') : direction))
        ?.focus(),
    );
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        id={buttonId(listId, index, 'up')}
        variant="secondary"
        disabled={index === 0}
        aria-label={t('evaluationGrid.moveUp', { name: label })}
        title={t('evaluationGrid.moveUp', { name: label })}
        onClick={() => move('up')}
      >
        <ArrowUpIcon className="size-4" aria-hidden="true" />
      </Button>
      <Button
        id={buttonId(listId, index, 'down')}
        variant="secondary"
        disabled={index === count - 1}
        aria-label={t('evaluationGrid.moveDown', { name: label })}
        title={t('evaluationGrid.moveDown', { name: label })}
        onClick={() => move('down')}
      >
        <ArrowDownIcon className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="secondary"
        aria-label={t('evaluationGrid.remove', { name: label })}
        title={t('evaluationGrid.remove', { name: label })}
        onClick={() => setConfirming(true)}
      >
        <TrashIcon className="size-4" aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('evaluationGrid.removeTitle', { name: label })}
        body={t('evaluationGrid.removeBody')}
        confirmLabel={t('evaluationGrid.removeConfirm')}
        onConfirm={() => {
          setConfirming(false);
          onRemove();
        }}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
