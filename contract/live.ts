// The live channel's messages (`/api/ws`): a user's new notification, and a conversation's progress through its
// work.
import { z } from 'zod';
import { idSchema } from './common';
import { conversationStatusSchema, statusReasonSchema } from './conversations';
import { jobProgressSchema } from './jobs';
import { notificationSchema } from './notifications';

/** The live message sent to the readers of a conversation when its work moves on. */
export const conversationProgressSchema = z.object({
  type: z.literal('conversation'),
  conversation_id: idSchema,
  campaign_id: idSchema,
  status: conversationStatusSchema,
  status_reason: statusReasonSchema.nullable(),
  status_detail: z.string().nullable(),
  job: jobProgressSchema.nullable(),
});
export type ConversationProgress = z.infer<typeof conversationProgressSchema>;

/** What the server pushes on `/api/ws`. */
export const liveMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  conversationProgressSchema,
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
