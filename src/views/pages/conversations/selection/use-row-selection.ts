// The list's selection as the page holds it: kept with the filters it was made under, so that other filters find
// none (the rows picked may not match them), while rows that change or arrive live keep theirs (ids, not rows).
import { useState } from 'react';
import { noSelection, type RowSelection } from './row-selection';

/** The selection made under `filtersKey` (the list's filters as sent); none under any other. */
export function selectionUnder(
  kept: { filtersKey: string; selection: RowSelection },
  filtersKey: string,
): RowSelection {
  return kept.filtersKey === filtersKey ? kept.selection : noSelection;
}

export function useRowSelection(filtersKey: string) {
  const [kept, setKept] = useState({ filtersKey, selection: noSelection });
  const selection = selectionUnder(kept, filtersKey);
  const change = (update: (selection: RowSelection) => RowSelection) =>
    setKept((current) => ({ filtersKey, selection: update(selectionUnder(current, filtersKey)) }));
  return { selection, change, clear: () => change(() => noSelection) };
}
