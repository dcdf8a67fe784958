// The notifications API.
import { z } from 'zod';
import { unixSecondsSchema } from './common';
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
