// Giving a run's sampled conversations to reviewers: each to the eligible reviewer with the fewest open assignments,
// the load counted as the run gives (so one run spreads its work too), and one notification per reviewer and
// campaign for all the run gave them.
import type { Database } from '../db/client';
import { chooseReviewer } from '../domain/review-sampling';
import type { LiveHub } from '../live/hub';
import { notifyReviewsAssigned } from '../notifications/store';
import { findOpenLoads } from './sampling-store';

export interface ReviewerBatches {
  /** The reviewer among `reviewerIds` who gets a conversation of `agentId` (see `chooseReviewer`); null: none. */
  choose(
    reviewerIds: readonly string[],
    agentId: string | null,
    reviewerDraw: number,
  ): Promise<string | null>;
  /** Counts a conversation given to the reviewer: in their load, and in what they are told. */
  given(reviewerId: string, campaignId: string, conversationId: string): void;
  /** Tells each reviewer, once per campaign, what the run gave them. */
  notify(): Promise<void>;
}

export function reviewerBatches(db: Database, hub: LiveHub): ReviewerBatches {
  const loads = new Map<string, number>();
  const batches = new Map<string, { userId: string; campaignId: string; conversationIds: string[] }>();

  return {
    async choose(reviewerIds, agentId, reviewerDraw) {
      const unknown = reviewerIds.filter((id) => !loads.has(id));
      for (const load of await findOpenLoads(db, unknown)) loads.set(load.id, load.openAssignments);
      const reviewers = reviewerIds.map((id) => ({ id, openAssignments: loads.get(id) ?? 0 }));
      return chooseReviewer(reviewers, agentId, reviewerDraw) ?? null;
    },
    given(reviewerId, campaignId, conversationId) {
      loads.set(reviewerId, (loads.get(reviewerId) ?? 0) + 1);
      const key = `${reviewerId}:${campaignId}`;
      const batch = batches.get(key) ?? { userId: reviewerId, campaignId, conversationIds: [] };
      batch.conversationIds.push(conversationId);
      batches.set(key, batch);
    },
    async notify() {
      // In the reviewers' order, as every run takes their notification locks: two runs never wait on each other.
      const inOrder = [...batches.values()].sort((a, b) => a.userId.localeCompare(b.userId));
      for (const batch of inOrder) await notifyReviewsAssigned(db, hub, batch);
      batches.clear();
    },
  };
}
