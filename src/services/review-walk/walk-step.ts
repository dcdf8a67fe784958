// Where the shown conversation stands among the walk's loaded conversations (decision 0209): its place, the ones
// before and after it, and whether another page must load to know the next. A conversation that left the walk while
// it was shown (validated out of the queue, or out of a filtered list) keeps the place it had: the one that took
// that place is the next, so "validate and next" goes on from there.
import type { ConversationPage } from '../queries/conversation-list';
import type { ReviewAssignmentPage } from '../queries/reviews';

export interface WalkStep {
  /** The shown conversation's place, from 1; null when it is not among the loaded ones and never was. */
  position: number | null;
  nextId: string | null;
  previousId: string | null;
  /** The next is not known among the loaded conversations, and more pages may hold it. */
  needsMore: boolean;
}

/**
 * The step at `conversationId` among `ids` (the walk's loaded conversations, in order), `hasMore` when further
 * pages exist; `anchor` is the index the conversation had when last seen among them, null if never.
 */
export function walkStep(
  ids: readonly string[],
  conversationId: string,
  hasMore: boolean,
  anchor: number | null,
): WalkStep {
  const index = ids.indexOf(conversationId);
  if (index >= 0) {
    const nextId = ids[index + 1] ?? null;
    return {
      position: index + 1,
      nextId,
      previousId: ids[index - 1] ?? null,
      needsMore: nextId === null && hasMore,
    };
  }
  if (anchor !== null) {
    const nextId = ids[anchor] ?? null;
    return {
      position: anchor + 1,
      nextId,
      previousId: ids[anchor - 1] ?? null,
      needsMore: nextId === null && hasMore,
    };
  }
  return { position: null, nextId: null, previousId: null, needsMore: hasMore };
}

/** The ids in order, each once (a conversation given twice to the same reviewer shows once in the walk). */
export const distinctIds = (ids: readonly string[]): string[] => [...new Set(ids)];

/** The conversations of the list's loaded pages, in order. */
export const listWalkIds = (pages: readonly ConversationPage[]) =>
  distinctIds(pages.flatMap((page) => page.items.map((item) => item.id)));

/** The conversations of the queue's loaded pages, in order. */
export const queueWalkIds = (pages: readonly ReviewAssignmentPage[]) =>
  distinctIds(pages.flatMap((page) => page.items.map((item) => item.conversation.id)));

/** Pages a walk opened on its own (a reload, a shared link) reads looking for its conversation before giving up. */
export const walkSearchPages = 10;

/** What a walk's loaded pages say. */
export interface LoadedWalk {
  /** The loaded conversations' ids, in the walk's order. */
  ids: readonly string[];
  /** How many pages are loaded, and whether the first has arrived. */
  pages: number;
  loaded: boolean;
  hasMore: boolean;
  failed: boolean;
}

export interface WalkState extends WalkStep {
  /** Another page should load now: to know the next, or to look further for the conversation. */
  loadMore: boolean;
  /** The conversation is not among the loaded ones and the search stopped: its neighbours come from elsewhere. */
  lost: boolean;
}

/** The walk at `conversationId`: its step, and whether to read on or give up looking. */
export function walkState(loaded: LoadedWalk, conversationId: string, anchor: number | null): WalkState {
  const step = walkStep(loaded.ids, conversationId, loaded.hasMore, anchor);
  const searching = step.position === null && loaded.pages < walkSearchPages;
  return {
    ...step,
    loadMore: step.needsMore && (step.position !== null || searching) && !loaded.failed,
    lost: loaded.loaded && step.position === null && !(loaded.hasMore && searching),
  };
}
