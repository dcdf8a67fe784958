// The real multiple choice behind MultiSelect (Headless UI Listbox), loaded once the user shows interest in one.
import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { CheckIcon, ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { useHandover, type Handover } from './stand-in-handover';
import {
  listboxButtonClass,
  listboxFieldClass,
  listboxLabelClass,
  multiSelectButtonClass,
  multiSelectLabelClass,
} from './listbox-styles';
import type { MultiSelectProps } from './MultiSelect';

export function MultiSelectListbox({
  label,
  choices,
  value,
  onChange,
  search,
  onMore,
  summary,
  handover,
}: MultiSelectProps & { summary: string; handover: Handover }) {
  const { t } = useTranslation();
  const button = useHandover(handover);
  return (
    <Field className={listboxFieldClass}>
      <Label className={`${listboxLabelClass} ${multiSelectLabelClass}`}>{label}</Label>
      <Listbox value={value} onChange={onChange} multiple>
        <ListboxButton ref={button} className={`${listboxButtonClass} ${multiSelectButtonClass}`}>
          <span className="truncate">{summary}</span>
          <ChevronUpDownIcon className="size-4 text-gray-400" aria-hidden="true" />
        </ListboxButton>
        <ListboxOptions
          aria-label={label}
          anchor="bottom start"
          className="z-50 max-h-72 w-(--button-width) min-w-56 overflow-auto rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-black/10 [--anchor-gap:4px] focus:outline-none"
        >
          {search && (
            <input
              type="search"
              aria-label={t('filters.search', { label })}
              placeholder={t('filters.searchPlaceholder')}
              value={search.value}
              onChange={(event) => search.onChange(event.target.value)}
              // The list's own keys (type-ahead, space to choose) must not take what is typed here.
              onKeyDown={(event) => event.key !== 'Escape' && event.stopPropagation()}
              className="mb-1 w-full rounded-md px-2 py-1.5 ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600"
            />
          )}
          {choices.length === 0 && <p className="px-3 py-2 text-gray-500">{t('filters.none')}</p>}
          {choices.map((choice) => (
            <ListboxOption
              key={choice.id}
              value={choice.id}
              className="group flex cursor-default items-center gap-2 rounded-md px-3 py-2 data-focus:bg-purple-50 data-selected:font-medium"
            >
              <CheckIcon
                className="invisible size-4 text-purple-700 group-data-selected:visible"
                aria-hidden="true"
              />
              {choice.name}
            </ListboxOption>
          ))}
          {onMore && (
            <button
              type="button"
              onClick={onMore}
              className="w-full rounded-md px-3 py-2 text-left font-medium text-purple-700 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
            >
              {t('filters.more')}
            </button>
          )}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
