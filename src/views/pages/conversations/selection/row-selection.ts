// The conversation list's selection, as pure functions: rows picked one by one (a click, a shift-click range, the
// header's "every row shown"), or every conversation matching the filters, loaded or not. The page keeps one and
// starts again from none when the filters change (use-row-selection.ts).

export type RowSelection =
  /** Rows picked on screen, by id; `anchor` is the last row clicked, where a shift-click range starts. */
  | { kind: 'rows'; ids: ReadonlySet<string>; anchor: string | null }
  /** Every conversation the filters match, shown or not. */
  | { kind: 'matching' };

export const noSelection: RowSelection = { kind: 'rows', ids: new Set(), anchor: null };

/** What the header's checkbox shows of the rows on screen. */
export type ShownState = 'none' | 'some' | 'all';

export const isSelected = (selection: RowSelection, id: string): boolean =>
  selection.kind === 'matching' || selection.ids.has(id);

/** The rows on screen picked one by one: a selection of every matching one becomes its rows on screen. */
const pickedIds = (selection: RowSelection, shownIds: readonly string[]): Set<string> =>
  new Set(selection.kind === 'matching' ? shownIds : selection.ids);

/**
 * A row's checkbox clicked: the row changes; with `range` (shift held), every row from the last one clicked to
 * this one, in the order shown, takes this row's new state.
 */
export function toggleRow(
  selection: RowSelection,
  shownIds: readonly string[],
  id: string,
  range = false,
): RowSelection {
  const ids = pickedIds(selection, shownIds);
  const select = !ids.has(id);
  const anchor = selection.kind === 'rows' ? selection.anchor : null;
  const from = anchor === null ? -1 : shownIds.indexOf(anchor);
  const to = shownIds.indexOf(id);
  const changed =
    range && from >= 0 && to >= 0 ? shownIds.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  for (const changedId of changed) {
    if (select) ids.add(changedId);
    else ids.delete(changedId);
  }
  return { kind: 'rows', ids, anchor: id };
}

export function shownState(selection: RowSelection, shownIds: readonly string[]): ShownState {
  if (shownIds.length === 0) return 'none';
  const picked = shownIds.filter((id) => isSelected(selection, id)).length;
  return picked === 0 ? 'none' : picked === shownIds.length ? 'all' : 'some';
}

/** The header's checkbox clicked: every row shown when not all are, else none. */
export function toggleShown(selection: RowSelection, shownIds: readonly string[]): RowSelection {
  return shownState(selection, shownIds) === 'all'
    ? noSelection
    : { kind: 'rows', ids: new Set([...pickedIds(selection, shownIds), ...shownIds]), anchor: null };
}

export const selectMatching = (): RowSelection => ({ kind: 'matching' });

/** How many conversations the selection holds: the matching count for every matching one. */
export const selectedCount = (selection: RowSelection, matching: number): number =>
  selection.kind === 'matching' ? matching : selection.ids.size;

/** Whether to offer "select all N matching": every row shown is picked and more match than are shown. */
export const offersMatching = (
  selection: RowSelection,
  shownIds: readonly string[],
  matching: number | undefined,
): boolean =>
  selection.kind === 'rows' &&
  matching !== undefined &&
  matching > shownIds.length &&
  shownState(selection, shownIds) === 'all';
