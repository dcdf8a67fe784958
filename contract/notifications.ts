// The notifications API: a mention, an alert, or conversations given to the user to review.
import { z } from 'zod';
import { unixSecondsSchema } from './common';
import { alertDetailSchema, notificationTypeSchema } from './enums';

export const notificationSchema = z
  .object({
    id: z.uuid(),
    type: notificationTypeSchema,
    read: z.boolean(),
    created_at: unixSecondsSchema,
    /** The conversation it is about; for REVIEWS_ASSIGNED, the first of those given. */
    conversation_id: z.uuid(),
    campaign_name: z.string(),
    mentioned_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    alert_detail: alertDetailSchema.nullable(),
    /** REVIEWS_ASSIGNED: how many conversations were given to review in the campaign since it was last read. */
    assignment_count: z.number().int().positive().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;
