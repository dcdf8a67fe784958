// Where a walk is written in a conversation's address (decision 0209): `?walk=list&sort=started_at_asc` for the
// campaign's list in that order (its filters are the campaign's saved ones), `?walk=queue` for the reviewer's
// queue. Every link into a walk, and every next and previous link, carries it.
import { conversationSorts } from '../../../contract/values/conversations';
import type { ConversationSort } from '../queries/conversation-list';

export type WalkSource = { kind: 'list'; sort: ConversationSort } | { kind: 'queue' };

/** The list's order when the address names none. */
export const defaultListSort: ConversationSort = 'started_at_desc';

const isSort = (value: string | null): value is ConversationSort =>
  (conversationSorts as readonly (string | null)[]).includes(value);

/** The list's order in a list's address (`?sort=`), the default one when absent or unknown. */
export const listSortOf = (search: string): ConversationSort => {
  const sort = new URLSearchParams(search).get('sort');
  return isSort(sort) ? sort : defaultListSort;
};

/** The walk a conversation's address carries; null when it was opened on its own. */
export function walkOf(search: string): WalkSource | null {
  const params = new URLSearchParams(search);
  const walk = params.get('walk');
  if (walk === 'queue') return { kind: 'queue' };
  if (walk === 'list') return { kind: 'list', sort: listSortOf(search) };
  return null;
}

const walkSearch = (walk: WalkSource) =>
  walk.kind === 'queue' ? 'walk=queue' : `walk=list&sort=${walk.sort}`;

/** A conversation's page, on the walk. */
export const conversationOnWalk = (conversationId: string, walk: WalkSource) =>
  `/conversations/${conversationId}?${walkSearch(walk)}`;

/** The campaign's list in this order. */
export const listAddress = (campaignId: string, sort: ConversationSort) =>
  `/campaigns/${campaignId}/conversations${sort === defaultListSort ? '' : `?sort=${sort}`}`;

/** The reviewer's queue. */
export const queueAddress = '/reviews';
