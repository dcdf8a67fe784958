// Who sees and changes which assignments, and conversations given by hand: a reviewer sees their own; those who may
// edit a campaign's settings (every reviewer of it among them) see, give, skip, reassign and reschedule its
// assignments. A conversation is never given to its own agent.
import type {
  NewReviewAssignments,
  ReviewAssignmentChanges,
  ReviewAssignmentListQuery,
} from '../../contract/reviews';
import { findCampaign } from '../campaigns/store';
import type { Database } from '../db/client';
import { fromUnixSeconds } from '../db/time';
import { hasCampaignPermission } from '../domain/access/campaigns';
import type { Principal } from '../domain/access/principal';
import { Conflict, Forbidden, InvalidFields, NotFound } from '../errors';
import {
  assignByHand,
  changePendingAssignment,
  findAssignment,
  findConversationsToAssign,
  type AssignmentFilter,
} from './assignments-store';
import { cannotReview, managedCampaign } from './campaign-access';
import { reviewersAmong } from './reviewers-store';

/** Which assignments the principal lists for `query`; 403 for another reviewer's without a campaign they manage. */
export async function assignmentFilter(
  db: Database,
  principal: Principal,
  query: ReviewAssignmentListQuery,
): Promise<AssignmentFilter> {
  const { user } = principal;
  const reviewerId = query.reviewer === 'me' ? user.id : query.reviewer;
  const ownOnly = reviewerId === user.id || (reviewerId === undefined && query.campaign === undefined);
  if (ownOnly) return { reviewerId: user.id, campaignId: query.campaign, status: query.status };
  if (query.campaign === undefined) {
    if (!user.isAdmin)
      throw new Forbidden("Name a campaign you manage to see another reviewer's assignments");
    return { reviewerId, status: query.status };
  }
  await managedCampaign(db, principal, query.campaign);
  return { reviewerId, campaignId: query.campaign, status: query.status };
}

/** An assignment's due time from the API's (null: none). */
const dueTime = (seconds: number | null) => (seconds === null ? null : fromUnixSeconds(seconds));

/** 400 naming the reviewer when they may not review in the campaign or are the agent of a conversation. */
async function assertReviewer(
  db: Database,
  campaign: { id: string; organisationId: string },
  reviewerId: string,
  agentIds: (string | null)[],
  path: string,
) {
  const reviewers = await reviewersAmong(db, campaign, [reviewerId]);
  const message = !reviewers.has(reviewerId)
    ? cannotReview
    : agentIds.includes(reviewerId)
      ? 'A conversation cannot be given to its own agent'
      : undefined;
  if (message) throw new InvalidFields(message, [{ path, message }]);
}

/** Gives conversations of one campaign to a reviewer; answers the assignments' ids. */
export async function assignConversations(db: Database, principal: Principal, input: NewReviewAssignments) {
  const found = await findConversationsToAssign(db, input.conversation_ids);
  const byId = new Map(found.map((conversation) => [conversation.id, conversation]));
  const campaignIds = new Set(found.map((conversation) => conversation.campaignId));
  const [campaignId] = campaignIds;
  if (campaignId === undefined || found.length < input.conversation_ids.length) {
    // Readable or not, an unknown id is not told apart from a conversation of a campaign the caller cannot read.
    const unknown = input.conversation_ids.findIndex((id) => !byId.has(id));
    throw new NotFound(`Conversation ${input.conversation_ids[unknown] ?? ''}`.trim());
  }
  const campaign = await managedCampaign(db, principal, campaignId);
  if (campaignIds.size > 1) {
    throw new InvalidFields('The conversations are in several campaigns', [
      { path: 'conversation_ids', message: 'Give conversations of one campaign at a time' },
    ]);
  }
  await assertReviewer(
    db,
    campaign,
    input.reviewer_id,
    found.map((conversation) => conversation.agentId),
    'reviewer_id',
  );
  return assignByHand(db, {
    campaignId: campaign.id,
    conversationIds: input.conversation_ids,
    reviewerId: input.reviewer_id,
    dueAt: dueTime(input.due_at),
  });
}

/**
 * Changes an assignment: skipped, reassigned or rescheduled by those who manage the campaign's reviews (its
 * reviewers among them); hidden from anyone else but its reviewer.
 */
export async function changeAssignment(
  db: Database,
  principal: Principal,
  id: string,
  changes: ReviewAssignmentChanges,
) {
  const row = await findAssignment(db, id);
  if (!row) throw new NotFound('Review assignment');
  const { assignment } = row;
  const campaign = await findCampaign(db, assignment.campaignId, principal.user.id);
  const manages = hasCampaignPermission(principal.user, campaign.membership, 'can_edit_settings');
  if (!manages) {
    if (assignment.reviewerId !== principal.user.id) throw new NotFound('Review assignment');
    throw new Forbidden('You no longer review in this campaign');
  }
  if (assignment.status !== 'pending') throw new Conflict('This assignment is no longer pending');
  if (changes.reviewer_id !== undefined) {
    await assertReviewer(db, campaign, changes.reviewer_id, [row.agentId], 'reviewer_id');
  }
  const changed = await changePendingAssignment(db, id, {
    reviewerId: changes.reviewer_id,
    dueAt: changes.due_at === undefined ? undefined : dueTime(changes.due_at),
    status: changes.status,
    skipReason: changes.skip_reason,
  });
  if (!changed) throw new Conflict('This assignment is no longer pending');
}
