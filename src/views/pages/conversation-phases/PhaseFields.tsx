// One phase of the phases form: its place in the order, its name, its marker phrases as chips, and buttons that
// move it up or down (the keyboard focus follows the moved phase) or remove it.
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '@heroicons/react/20/solid';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { TextField } from '../../components/fields';
import { MarkerChips } from './MarkerChips';
import type { PhasesForm } from './phases-form';

/** The id of a phase's move button, so that the focus can follow the phase to its new place. */
export const moveButtonId = (index: number, direction: 'up' | 'down') => `phase-${index}-${direction}`;

interface PhaseFieldsProps {
  form: UseFormReturn<PhasesForm>;
  index: number;
  count: number;
  onMove: (direction: 'up' | 'down') => void;
  onRemove: () => void;
}

export function PhaseFields({ form, index, count, onMove, onRemove }: PhaseFieldsProps) {
  const { t } = useTranslation();
  const errors = form.formState.errors.phases?.[index];
  const name = form.watch(`phases.${index}.name`).trim();
  const label = name || t('conversationPhases.unnamed', { number: index + 1 });
  return (
    <fieldset className="grid gap-3 rounded-lg p-3 ring-1 ring-gray-200 sm:grid-cols-[auto_minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-start sm:p-4">
      <legend className="sr-only">
        {t('conversationPhases.phaseNumber', { number: index + 1, name: label })}
      </legend>
      <span
        aria-hidden="true"
        className="grid size-7 place-items-center rounded-full bg-purple-700 text-sm font-semibold text-white sm:mt-6"
      >
        {index + 1}
      </span>
      <TextField
        label={t('conversationPhases.name')}
        error={errors?.name?.message}
        {...form.register(`phases.${index}.name`)}
      />
      <Controller
        control={form.control}
        name={`phases.${index}.markers`}
        render={({ field, fieldState }) => (
          <MarkerChips
            phase={label}
            markers={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="flex gap-2 sm:mt-6">
        <Button
          id={moveButtonId(index, 'up')}
          variant="secondary"
          disabled={index === 0}
          aria-label={t('conversationPhases.moveUp', { name: label })}
          title={t('conversationPhases.moveUp', { name: label })}
          onClick={() => onMove('up')}
        >
          <ArrowUpIcon className="size-4" aria-hidden="true" />
        </Button>
        <Button
          id={moveButtonId(index, 'down')}
          variant="secondary"
          disabled={index === count - 1}
          aria-label={t('conversationPhases.moveDown', { name: label })}
          title={t('conversationPhases.moveDown', { name: label })}
          onClick={() => onMove('down')}
        >
          <ArrowDownIcon className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="secondary"
          aria-label={t('conversationPhases.remove', { name: label })}
          title={t('conversationPhases.remove', { name: label })}
          onClick={onRemove}
        >
          <TrashIcon className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </fieldset>
  );
}
