// The list's active filters as removable chips on one line (it scrolls sideways when they overflow): each names
// the filter and its value; removing one moves the focus to the chip that takes its place, or to `fallbackFocus`
// (the "More filters" button) after the last.
import { XMarkIcon } from '@heroicons/react/20/solid';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationFilters } from '../../../../../contract/conversations';
import type { FilterChip } from './filter-chips';

export function FilterChips({
  chips,
  onRemove,
  fallbackFocus,
}: {
  chips: readonly FilterChip[];
  onRemove: (removal: ConversationFilters) => void;
  fallbackFocus: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  // The chip just removed and where it stood, until it has gone from the filters and the focus has moved on.
  const removed = useRef<{ key: string; index: number } | null>(null);

  useEffect(() => {
    const gone = removed.current;
    if (gone === null || chips.some((chip) => chip.key === gone.key)) return;
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
    (buttons[Math.min(gone.index, buttons.length - 1)] ?? fallbackFocus.current)?.focus();
    removed.current = null;
  }, [chips, fallbackFocus]);

  if (chips.length === 0) return null;
  return (
    <ul
      ref={list}
      aria-label={t('conversations.chips.label')}
      className="flex min-w-0 flex-1 gap-2 overflow-x-auto py-1"
    >
      {chips.map((chip, index) => (
        <li
          key={chip.key}
          className="flex max-w-72 shrink-0 items-center gap-1 rounded-full bg-purple-50 py-1 pr-1 pl-3 text-sm text-purple-950 ring-1 ring-purple-200"
        >
          <span className="truncate" title={chip.text}>
            {chip.text}
          </span>
          <button
            type="button"
            aria-label={t('conversations.chips.remove', { filter: chip.text })}
            onClick={() => {
              onRemove(chip.removal);
              removed.current = { key: chip.key, index };
            }}
            className="rounded-full p-0.5 text-purple-800 hover:bg-purple-200 focus-visible:outline-2 focus-visible:outline-purple-600"
          >
            <XMarkIcon className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
