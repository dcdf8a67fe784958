// Turns assignment rows into the API's assignment shape.
import type { ReviewAssignment } from '../../contract/reviews';
import { toUnixSeconds } from '../db/time';
import type { AssignmentRow } from './assignments-store';

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
