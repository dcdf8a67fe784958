// The walk a reviewer is on while they read a conversation: the conversations of the list they came from (its
// filters and its order) or of their review queue, one after another. The conversation page provides it; the review
// screen's buttons and keys read it. Without a walk (a conversation opened from a link), there is no next or
// previous, and "back" goes to the campaign's list.
import { createContext, useContext } from 'react';

export interface ReviewWalk {
  /** Where the walk comes from, for its label ("12 of 312 in the list" / "in your queue"). */
  source: 'list' | 'queue';
  /** The shown conversation's place in the walk, from 1; null while it is not known yet. */
  position: number | null;
  /** How many conversations the walk holds; null while it is not known yet. */
  total: number | null;
  /** The next and previous conversations' pages (keeping the walk); null when there is none, or not known yet. */
  nextHref: string | null;
  previousHref: string | null;
  /** The list or queue the walk came from. */
  backHref: string;
}

export const ReviewWalkContext = createContext<ReviewWalk | null>(null);

/** The walk the shown conversation is on; null when it was opened on its own. */
export const useReviewWalk = () => useContext(ReviewWalkContext);
