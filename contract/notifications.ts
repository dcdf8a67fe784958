// The notifications API and the live channel's messages.
import { z } from 'zod';
import { unixSecondsSchema } from './common';
import { conversationProgressSchema } from './conversations';
import { alertDetailSchema, notificationTypeSchema } from './enums';

export const notificationSchema = z
  .object({
    id: z.uuid(),
    type: notificationTypeSchema,
    read: z.boolean(),
    created_at: unixSecondsSchema,
    conversation_id: z.uuid(),
    campaign_name: z.string(),
    mentioned_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    alert_detail: alertDetailSchema.nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/** What the server pushes on `/api/ws`. */
export const liveMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  conversationProgressSchema,
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
