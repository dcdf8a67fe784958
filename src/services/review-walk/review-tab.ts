// The review screen's tab below 1024 px (Conversation / Evaluation / Discussion), kept per user in this browser's
// localStorage: a reviewer who works from the scorecard finds it again on the next conversation and after a reload.
import { useCallback, useState } from 'react';

export const reviewTabs = ['conversation', 'evaluation', 'discussion'] as const;
export type ReviewTab = (typeof reviewTabs)[number];

/** Side by side from this window width; tabs below it. */
export const sideBySideWidth = 1024;

const key = (userId: string) => `qm.reviewTab.${userId}`;

const isReviewTab = (value: unknown): value is ReviewTab =>
  (reviewTabs as readonly unknown[]).includes(value);

/** The user's tab, from `storage`; the conversation when none is kept (or what is kept is unreadable). */
export function readReviewTab(storage: Storage, userId: string): ReviewTab {
  const kept = storage.getItem(key(userId));
  return isReviewTab(kept) ? kept : 'conversation';
}

export function storeReviewTab(storage: Storage, userId: string, tab: ReviewTab): void {
  storage.setItem(key(userId), tab);
}

/** The user's tab and the setter that keeps it. */
export function useReviewTab(userId: string): [ReviewTab, (tab: ReviewTab) => void] {
  const [tab, setTab] = useState(() => readReviewTab(window.localStorage, userId));
  const choose = useCallback(
    (next: ReviewTab) => {
      setTab(next);
      storeReviewTab(window.localStorage, userId, next);
    },
    [userId],
  );
  return [tab, choose];
}
