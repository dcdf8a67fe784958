// Turns review rules' and assignments' rows into the API's shapes.
import type { ReviewAssignment, ReviewRule } from '../../contract/reviews';
import { toUnixSeconds } from '../db/time';
import type { AssignmentRow } from './assignments-store';
import type { ReviewRuleRow } from './rules-store';

const named = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);

export function toAssignment(row: AssignmentRow, now = new Date()): ReviewAssignment {
  const { assignment } = row;
  return {
    id: assignment.id,
    campaign: { id: assignment.campaignId, name: row.campaignName },
    conversation: {
      id: assignment.conversationId,
      type: row.conversationType,
      started_at: toUnixSeconds(row.conversationStartedAt),
      agent: named(row.agentId, row.agentName),
    },
    reviewer: named(assignment.reviewerId, row.reviewerName),
    rule: named(assignment.ruleId, row.ruleName),
    status: assignment.status,
    due_at: assignment.dueAt ? toUnixSeconds(assignment.dueAt) : null,
    overdue: assignment.status === 'pending' && assignment.dueAt !== null && assignment.dueAt < now,
    created_at: toUnixSeconds(assignment.createdAt),
    done_at: assignment.doneAt ? toUnixSeconds(assignment.doneAt) : null,
    skip_reason: assignment.skipReason,
  };
}

export const toReviewRule = (row: ReviewRuleRow): ReviewRule => ({
  id: row.id,
  name: row.name,
  enabled: row.enabled,
  filters: row.filters,
  quota: row.quota,
  reviewers: row.reviewers,
  due_in_days: row.dueInDays,
  created_at: toUnixSeconds(row.createdAt),
  updated_at: toUnixSeconds(row.updatedAt),
});
