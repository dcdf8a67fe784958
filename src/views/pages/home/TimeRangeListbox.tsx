// The real period listbox behind TimeRangePicker (Headless UI Listbox), loaded once the user shows interest in it.
import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { CheckIcon, ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { timeRangePresets } from '../../../services/filters/time-range';
import { useHandover, type Handover } from '../../components/stand-in-handover';
import { listboxButtonClass, listboxFieldClass, listboxLabelClass } from '../../components/listbox-styles';
import type { TimeRangeChoice } from './TimeRangePicker';

export function TimeRangeListbox({
  choice,
  onChange,
  handover,
}: {
  choice: TimeRangeChoice;
  onChange: (choice: TimeRangeChoice) => void;
  handover: Handover;
}) {
  const { t } = useTranslation();
  const button = useHandover(handover);
  return (
    <Field className={listboxFieldClass}>
      <Label className={listboxLabelClass}>{t('filters.timeRange')}</Label>
      <Listbox value={choice} onChange={onChange}>
        <ListboxButton ref={button} className={listboxButtonClass}>
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
  );
}
