// Pending assignments of one campaign given to another reviewer in one go, by those who manage the campaign's
// reviews: all or none, and a refusal names every assignment at fault, so the Team page can say which.
import type { ReviewReassignment } from '../../contract/reviews';
import type { Database } from '../db/client';
import type { Principal } from '../domain/access/principal';
import { Conflict, InvalidFields, NotFound } from '../errors';
import { findAssignments, reassignPending } from './assignments-store';
import { cannotReview, managedCampaign } from './campaign-access';
import { reviewersAmong } from './reviewers-store';

/** Gives the assignments to the reviewer; answers their ids. */
export async function reassignAssignments(db: Database, principal: Principal, input: ReviewReassignment) {
  const rows = await findAssignments(db, input.assignment_ids);
  const campaignIds = new Set(rows.map((row) => row.assignment.campaignId));
  const [campaignId] = campaignIds;
  if (campaignId === undefined || rows.length < input.assignment_ids.length) {
    const found = new Set(rows.map((row) => row.assignment.id));
    throw new NotFound(`Review assignment ${input.assignment_ids.find((id) => !found.has(id)) ?? ''}`.trim());
  }
  const campaign = await managedCampaign(db, principal, campaignId);
  if (campaignIds.size > 1) {
    throw new InvalidFields('The assignments are in several campaigns', [
      { path: 'assignment_ids', message: 'Reassign assignments of one campaign at a time' },
    ]);
  }
  const reviewers = await reviewersAmong(db, campaign, [input.reviewer_id]);
  if (!reviewers.has(input.reviewer_id)) {
    throw new InvalidFields(cannotReview, [{ path: 'reviewer_id', message: cannotReview }]);
  }
  const faults = rows.flatMap(({ assignment, agentId }, index) => {
    const message =
      assignment.status !== 'pending'
        ? 'This assignment is no longer pending'
        : agentId === input.reviewer_id
          ? 'A conversation cannot be given to its own agent'
          : null;
    return message ? [{ path: `assignment_ids.${index}`, message }] : [];
  });
  if (faults.length > 0) {
    throw new InvalidFields(
      `${faults.length} of the ${rows.length} assignments cannot go to this reviewer; none was reassigned`,
      faults,
    );
  }
  if (!(await reassignPending(db, input.assignment_ids, input.reviewer_id))) {
    throw new Conflict('An assignment stopped being pending meanwhile; none was reassigned');
  }
  return input.assignment_ids;
}
