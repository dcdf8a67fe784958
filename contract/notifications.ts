// The notifications API: a mention, an alert, or conversations given to the user to review.
import { z } from 'zod';
import { unixSecondsSchema } from './common';
import { alertDetailSchema, conversationTypeSchema, notificationTypeSchema } from './enums';

export const notificationExcerptLength = 100;

export const notificationSchema = z
  .object({
    id: z.uuid(),
    type: notificationTypeSchema,
    read: z.boolean(),
    created_at: unixSecondsSchema,
    /** The conversation it is about; for REVIEWS_ASSIGNED, the first of those given. */
    conversation_id: z.uuid(),
    campaign_name: z.string(),
    /** What the conversation is, whose it is and its evaluation's main score, so the notification says so. */
    conversation_type: conversationTypeSchema,
    agent_name: z.string().nullable(),
    main_score: z.number().nullable(),
    /** MENTIONED_IN_CONVERSATION: the message's first words, at most `notificationExcerptLength` characters. */
    excerpt: z.string().nullable(),
    mentioned_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    alert_detail: alertDetailSchema.nullable(),
    /** REVIEWS_ASSIGNED: how many conversations were given to review in the campaign since it was last read. */
    assignment_count: z.number().int().positive().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;
