// The period of the home filters: a preset (last month by default) or two calendar days.
import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { CheckIcon, ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '../../../../contract/filters';
import {
  customTimeRange,
  isoDay,
  presetOf,
  presetTimeRange,
  timeRangePresets,
  type TimeRangePreset,
} from '../../../services/filters/time-range';
import { DayField } from '../../components/DayField';

type Choice = TimeRangePreset | 'custom';

export function TimeRangePicker({
  value,
  onChange,
}: {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>(() => presetOf(value));

  const choose = (next: Choice) => {
    setChoice(next);
    if (next !== 'custom') onChange(presetTimeRange(next));
  };
  const changeDay = (from: string, to: string) => {
    const range = customTimeRange(from, to);
    if (range) onChange(range);
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field className="flex w-full flex-col gap-1 sm:w-auto sm:min-w-44">
        <Label className="text-xs font-medium text-gray-600">{t('filters.timeRange')}</Label>
        <Listbox value={choice} onChange={choose}>
          <ListboxButton className="flex items-center justify-between gap-2 rounded-lg bg-white px-3 py-2 text-left text-sm ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600">
            {t(`filters.presets.${choice}`)}
            <ChevronUpDownIcon className="size-4 text-gray-400" aria-hidden="true" />
          </ListboxButton>
          <ListboxOptions
            aria-label={t('filters.timeRange')}
            anchor="bottom start"
            className="z-50 w-(--button-width) rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-black/10 [--anchor-gap:4px] focus:outline-none"
          >
            {[...timeRangePresets, 'custom' as const].map((preset) => (
              <ListboxOption
                key={preset}
                value={preset}
                className="group flex cursor-default items-center gap-2 rounded-md px-3 py-2 data-focus:bg-purple-50 data-selected:font-medium"
              >
                <CheckIcon
                  className="invisible size-4 text-purple-700 group-data-selected:visible"
                  aria-hidden="true"
                />
                {t(`filters.presets.${preset}`)}
              </ListboxOption>
            ))}
          </ListboxOptions>
        </Listbox>
      </Field>
      {choice === 'custom' && (
        <>
          <DayField
            label={t('filters.from')}
            value={isoDay(value.start)}
            max={isoDay(value.end)}
            onChange={(day) => changeDay(day, isoDay(value.end))}
          />
          <DayField
            label={t('filters.to')}
            value={isoDay(value.end)}
            min={isoDay(value.start)}
            onChange={(day) => changeDay(isoDay(value.start), day)}
          />
        </>
      )}
    </div>
  );
}
