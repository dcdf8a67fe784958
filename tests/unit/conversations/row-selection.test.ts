// The conversation list's selection: rows one by one, shift-click ranges either way, the header's "every row
// shown" (indeterminate when some), every matching conversation, and none again under other filters.
import { describe, expect, it } from 'vitest';
import {
  isSelected,
  noSelection,
  offersMatching,
  selectedCount,
  selectMatching,
  shownState,
  toggleRow,
  toggleShown,
  type RowSelection,
} from '../../../src/views/pages/conversations/selection/row-selection';
import { selectionUnder } from '../../../src/views/pages/conversations/selection/use-row-selection';

const shown = ['a', 'b', 'c', 'd', 'e', 'f'];
const picked = (selection: RowSelection) => shown.filter((id) => isSelected(selection, id));

describe('the list selection', () => {
  it('picks and unpicks rows one by one', () => {
    const one = toggleRow(noSelection, shown, 'b');
    expect(picked(one)).toEqual(['b']);
    const two = toggleRow(one, shown, 'e');
    expect(picked(two)).toEqual(['b', 'e']);
    expect(picked(toggleRow(two, shown, 'b'))).toEqual(['e']);
  });

  it('picks a range with shift, from the last row clicked, downwards and upwards', () => {
    const down = toggleRow(toggleRow(noSelection, shown, 'b'), shown, 'e', true);
    expect(picked(down)).toEqual(['b', 'c', 'd', 'e']);
    const up = toggleRow(toggleRow(noSelection, shown, 'e'), shown, 'b', true);
    expect(picked(up)).toEqual(['b', 'c', 'd', 'e']);
    // The range starts again from the row last clicked, and takes the clicked row's new state.
    expect(picked(toggleRow(down, shown, 'c', true))).toEqual(['b']);
  });

  it('unpicks a range when the clicked row was picked', () => {
    const all = toggleShown(noSelection, shown);
    const start = toggleRow(all, shown, 'b');
    expect(picked(start)).toEqual(['a', 'c', 'd', 'e', 'f']);
    expect(picked(toggleRow(start, shown, 'd', true))).toEqual(['a', 'e', 'f']);
  });

  it('picks one row with shift when no row was clicked before', () => {
    expect(picked(toggleRow(noSelection, shown, 'c', true))).toEqual(['c']);
  });

  it('says none, some or all of the rows shown, and the header picks all then none', () => {
    expect(shownState(noSelection, shown)).toBe('none');
    const some = toggleRow(noSelection, shown, 'a');
    expect(shownState(some, shown)).toBe('some');
    const all = toggleShown(some, shown);
    expect(shownState(all, shown)).toBe('all');
    expect(selectedCount(all, 0)).toBe(6);
    expect(shownState(toggleShown(all, shown), shown)).toBe('none');
    expect(shownState(noSelection, [])).toBe('none');
  });

  it('offers every matching conversation once every row shown is picked and more match', () => {
    const all = toggleShown(noSelection, shown);
    expect(offersMatching(all, shown, 312)).toBe(true);
    expect(offersMatching(all, shown, 6)).toBe(false);
    expect(offersMatching(all, shown, undefined)).toBe(false);
    expect(offersMatching(toggleRow(all, shown, 'a'), shown, 312)).toBe(false);
    const matching = selectMatching();
    expect(offersMatching(matching, shown, 312)).toBe(false);
    expect(selectedCount(matching, 312)).toBe(312);
    expect(shownState(matching, shown)).toBe('all');
  });

  it('turns every matching conversation into the rows shown when one is unpicked', () => {
    const fewer = toggleRow(selectMatching(), shown, 'c');
    expect(fewer.kind).toBe('rows');
    expect(picked(fewer)).toEqual(['a', 'b', 'd', 'e', 'f']);
    expect(selectedCount(fewer, 312)).toBe(5);
  });

  it('keeps rows picked by id when rows change or arrive, and has none under other filters', () => {
    const kept = { filtersKey: '{"types":["chat"]}', selection: toggleRow(noSelection, shown, 'b') };
    expect(picked(selectionUnder(kept, '{"types":["chat"]}'))).toEqual(['b']);
    const more = ['z', ...shown];
    expect(isSelected(selectionUnder(kept, '{"types":["chat"]}'), 'b')).toBe(true);
    expect(shownState(selectionUnder(kept, '{"types":["chat"]}'), more)).toBe('some');
    expect(selectionUnder(kept, '{"types":["call"]}')).toBe(noSelection);
    expect(selectionUnder({ filtersKey: '', selection: selectMatching() }, '{"q":"refund"}')).toBe(
      noSelection,
    );
  });
});
