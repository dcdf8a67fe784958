// Turns notification rows into the API's notification shape.
import type { Notification } from '../../contract/notifications';
import { toUnixSeconds } from '../db/time';
import type { NotificationRow } from './store';

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type,
  read: row.read,
  created_at: toUnixSeconds(row.createdAt),
  conversation_id: row.conversationId,
  campaign_name: row.campaignName,
  conversation_type: row.conversationType,
  agent_name: row.agentName,
  main_score: row.mainScore,
  excerpt: row.excerpt,
  mentioned_by:
    row.mentionedById && row.mentionedByName ? { id: row.mentionedById, name: row.mentionedByName } : null,
  alert_detail: row.alertDetail,
  assignment_count: row.assignmentCount,
});
