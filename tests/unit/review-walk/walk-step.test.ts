// The review walk's computation over the list's and the queue's pages as the API answers them: positions, the next
// across a page boundary, a walk opened on its own, and the queue after the shown conversation was validated.
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../contract/conversations';
import type { ReviewAssignment } from '../../../contract/reviews';
import type { ConversationPage } from '../../../src/services/queries/conversation-list';
import type { ReviewAssignmentPage } from '../../../src/services/queries/reviews';
import {
  conversationOnWalk,
  listAddress,
  listSortOf,
  walkOf,
} from '../../../src/services/review-walk/walk-address';
import {
  listWalkIds,
  queueWalkIds,
  walkSearchPages,
  walkState,
} from '../../../src/services/review-walk/walk-step';

const campaignId = '019a0000-0000-7000-8000-000000000301';
const idOf = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const summary = (n: number): ConversationSummary => ({
  id: idOf(n),
  campaign_id: campaignId,
  type: 'call',
  agent: { id: idOf(9000), name: 'Agent' },
  status: 'ready',
  status_reason: null,
  status_detail: null,
  language: 'en',
  started_at: 1_700_000_000 - n * 60,
  duration_s: 120,
  metadata: {},
  external_id: null,
  sentiment: null,
  topics: [],
  has_audio: true,
  created_at: 1_700_000_000,
  evaluation: null,
});

/** Pages of `size` conversations numbered from `first`, the last one saying whether more follow. */
function listPages(first: number, count: number, size: number, more: boolean): ConversationPage[] {
  const pages: ConversationPage[] = [];
  for (let start = first; start < first + count; start += size) {
    const items = Array.from({ length: Math.min(size, first + count - start) }, (_, i) => summary(start + i));
    pages.push({ items, next_start_after: items.at(-1)?.id ?? null });
  }
  const last = pages.at(-1);
  if (last && !more) last.next_start_after = null;
  return pages;
}

const assignment = (n: number, overdue: boolean): ReviewAssignment => ({
  id: idOf(5000 + n),
  campaign: { id: campaignId, name: 'Customer Care' },
  conversation: { id: idOf(n), type: 'chat', started_at: 1_700_000_000, agent: null },
  reviewer: { id: idOf(8000), name: 'Reviewer' },
  rule: null,
  status: 'pending',
  due_at: 1_700_000_000 + n,
  overdue,
  created_at: 1_700_000_000,
  done_at: null,
  skip_reason: null,
});

const queuePage = (numbers: number[], total: number, more = false): ReviewAssignmentPage => ({
  items: numbers.map((n, index) => assignment(n, index === 0)),
  next_start_after: more ? idOf(5000 + (numbers.at(-1) ?? 0)) : null,
  total,
});

const loaded = (ids: string[], pages: number, hasMore: boolean) => ({
  ids,
  pages,
  loaded: true,
  hasMore,
  failed: false,
});

describe('the walk through the list', () => {
  it('places the conversation among the loaded rows, with the ones before and after it', () => {
    const pages = listPages(1, 100, 50, true);
    const state = walkState(loaded(listWalkIds(pages), 2, true), idOf(30), null);
    expect(state).toMatchObject({
      position: 30,
      previousId: idOf(29),
      nextId: idOf(31),
      loadMore: false,
      lost: false,
    });
  });

  it('at the last loaded row, asks for the next page, then steps over the page boundary', () => {
    const firstPage = listPages(1, 50, 50, true);
    const atEnd = walkState(loaded(listWalkIds(firstPage), 1, true), idOf(50), null);
    expect(atEnd).toMatchObject({ position: 50, nextId: null, loadMore: true, lost: false });
    const twoPages = [...firstPage, ...listPages(51, 50, 50, false)];
    const after = walkState(loaded(listWalkIds(twoPages), 2, false), idOf(50), null);
    expect(after).toMatchObject({ position: 50, previousId: idOf(49), nextId: idOf(51), loadMore: false });
  });

  it('has no next at the end of the whole list, and no previous at its start', () => {
    const pages = listPages(1, 20, 50, false);
    expect(walkState(loaded(listWalkIds(pages), 1, false), idOf(20), null)).toMatchObject({
      position: 20,
      nextId: null,
      loadMore: false,
    });
    expect(walkState(loaded(listWalkIds(pages), 1, false), idOf(1), null)).toMatchObject({
      position: 1,
      previousId: null,
      nextId: idOf(2),
    });
  });

  it('opened on its own, reads on until it finds the conversation', () => {
    const pages = listPages(1, 50, 50, true);
    const looking = walkState(loaded(listWalkIds(pages), 1, true), idOf(120), null);
    expect(looking).toMatchObject({ position: null, nextId: null, loadMore: true, lost: false });
    const found = walkState(
      loaded(listWalkIds([...pages, ...listPages(51, 100, 50, true)]), 3, true),
      idOf(120),
      null,
    );
    expect(found).toMatchObject({ position: 120, nextId: idOf(121), loadMore: false });
  });

  it(`gives up after ${walkSearchPages} pages: no position, its neighbours are asked for instead`, () => {
    const pages = listPages(1, walkSearchPages * 50, 50, true);
    const state = walkState(loaded(listWalkIds(pages), walkSearchPages, true), idOf(9999), null);
    expect(state).toMatchObject({ position: null, nextId: null, loadMore: false, lost: true });
  });

  it('is lost at once when the whole list is loaded without it', () => {
    const pages = listPages(1, 10, 50, false);
    expect(walkState(loaded(listWalkIds(pages), 1, false), idOf(77), null)).toMatchObject({
      lost: true,
      loadMore: false,
    });
  });

  it('does not read pages while the first has not arrived, nor after a failure', () => {
    expect(
      walkState({ ids: [], pages: 0, loaded: false, hasMore: false, failed: false }, idOf(1), null),
    ).toMatchObject({ lost: false, loadMore: false });
    const pages = listPages(1, 50, 50, true);
    expect(walkState({ ...loaded(listWalkIds(pages), 1, true), failed: true }, idOf(50), null)).toMatchObject(
      { loadMore: false },
    );
  });
});

describe('the walk through the queue', () => {
  it('places the conversation among the pending assignments in the queue’s order', () => {
    const pages = [queuePage([11, 12, 13, 14], 4)];
    expect(walkState(loaded(queueWalkIds(pages), 1, false), idOf(12), null)).toMatchObject({
      position: 2,
      previousId: idOf(11),
      nextId: idOf(13),
    });
  });

  it('after the shown conversation is validated and leaves the queue, keeps its place; the next is the one after it', () => {
    const before = [queuePage([11, 12, 13, 14], 4)];
    const shown = walkState(loaded(queueWalkIds(before), 1, false), idOf(12), null);
    expect(shown).toMatchObject({ position: 2, nextId: idOf(13) });
    const after = [queuePage([11, 13, 14], 3)];
    const validated = walkState(loaded(queueWalkIds(after), 1, false), idOf(12), 1);
    expect(validated).toMatchObject({
      position: 2,
      previousId: idOf(11),
      nextId: idOf(13),
      lost: false,
      loadMore: false,
    });
  });

  it('the last of the loaded page validated: the next page is read for the next', () => {
    const after = [queuePage([11, 12], 5, true)];
    expect(walkState(loaded(queueWalkIds(after), 1, true), idOf(13), 2)).toMatchObject({
      position: 3,
      nextId: null,
      loadMore: true,
    });
  });

  it('shows a conversation given twice once', () => {
    const pages = [queuePage([11, 11, 12], 3)];
    expect(queueWalkIds(pages)).toEqual([idOf(11), idOf(12)]);
  });
});

describe('the walk in the address', () => {
  it('reads what it writes, and nothing from an address without a walk', () => {
    const list = conversationOnWalk(idOf(1), { kind: 'list', sort: 'started_at_asc' });
    expect(list).toBe(`/conversations/${idOf(1)}?walk=list&sort=started_at_asc`);
    expect(walkOf(list.split('?')[1] ?? '')).toEqual({ kind: 'list', sort: 'started_at_asc' });
    expect(walkOf('walk=queue')).toEqual({ kind: 'queue' });
    expect(walkOf('walk=list&sort=sideways')).toEqual({ kind: 'list', sort: 'started_at_desc' });
    expect(walkOf('')).toBeNull();
    expect(walkOf('walk=elsewhere')).toBeNull();
  });

  it('keeps the list’s order on the way back, and leaves the default one out', () => {
    expect(listAddress(campaignId, 'started_at_asc')).toBe(
      `/campaigns/${campaignId}/conversations?sort=started_at_asc`,
    );
    expect(listAddress(campaignId, 'started_at_desc')).toBe(`/campaigns/${campaignId}/conversations`);
    expect(listSortOf('?sort=started_at_asc')).toBe('started_at_asc');
  });
});
