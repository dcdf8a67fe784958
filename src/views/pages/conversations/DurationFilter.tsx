// The duration filter (spec §5): a minimum and a maximum, each a value and a unit (seconds, minutes, hours); an
// empty value drops the bound.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DurationBound } from '../../../../contract/filters';

export const durationUnits = ['s', 'm', 'h'] as const;
type DurationUnit = (typeof durationUnits)[number];

const isDurationUnit = (unit: string): unit is DurationUnit =>
  (durationUnits as readonly string[]).includes(unit);

export interface DurationRange {
  min?: DurationBound | null;
  max?: DurationBound | null;
}

const controlClass =
  'rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600';

function BoundFields({
  side,
  bound,
  onChange,
}: {
  side: 'min' | 'max';
  bound: DurationBound | null | undefined;
  onChange: (bound: DurationBound | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(bound ? String(bound.value) : '');
  const [unit, setUnit] = useState<DurationUnit>(bound && isDurationUnit(bound.unit) ? bound.unit : 'm');

  const changeValue = (next: string) => {
    setText(next);
    const value = Number(next);
    if (next.trim() === '') onChange(null);
    else if (Number.isFinite(value) && value >= 0) onChange({ value, unit });
  };
  const changeUnit = (next: DurationUnit) => {
    setUnit(next);
    if (bound) onChange({ value: bound.value, unit: next });
  };

  return (
    <div className="flex flex-col gap-1 max-sm:w-full">
      {/* Shown on phones only, where the bounds stack; the legend says what they are elsewhere. */}
      <label htmlFor={`${id}-value`} className="text-xs font-medium text-gray-600 sm:sr-only">
        {t(`conversations.filters.duration.${side}`)}
      </label>
      <div className="flex gap-1">
        <input
          id={`${id}-value`}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={text}
          onChange={(event) => changeValue(event.target.value)}
          className={`${controlClass} w-20 max-sm:min-w-0 max-sm:flex-1`}
        />
        <select
          aria-label={t(`conversations.filters.duration.${side}Unit`)}
          value={unit}
          onChange={(event) => changeUnit(event.target.value as DurationUnit)}
          className={controlClass}
        >
          {durationUnits.map((choice) => (
            <option key={choice} value={choice}>
              {t(`conversations.filters.duration.units.${choice}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

export function DurationFilter({
  value,
  onChange,
}: {
  value: DurationRange;
  onChange: (value: DurationRange) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="max-sm:w-full">
      <legend className="mb-1 text-xs font-medium text-gray-600 max-sm:sr-only">
        {t('conversations.filters.duration.label')}
      </legend>
      <div className="flex items-end gap-1 max-sm:flex-col max-sm:items-stretch max-sm:gap-2">
        <BoundFields side="min" bound={value.min} onChange={(min) => onChange({ ...value, min })} />
        <span aria-hidden="true" className="self-center max-sm:hidden">
          –
        </span>
        <BoundFields side="max" bound={value.max} onChange={(max) => onChange({ ...value, max })} />
      </div>
    </fieldset>
  );
}
