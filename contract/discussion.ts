// A conversation's discussion: messages between its reviewers, mentioning the users to notify.
import { z } from 'zod';
import { idSchema, unixSecondsSchema } from './common';

/** Most users one message may mention. */
export const maxMentions = 20;

export const newDiscussionMessageSchema = z
  .object({
    body: z.string().trim().min(1).max(5000),
    mentions: z
      .array(idSchema)
      .max(maxMentions)
      // UUIDs compare case-insensitively, so `A…` and `a…` are one user, notified once.
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
      .optional(),
  })
  .strict();
export type NewDiscussionMessage = z.input<typeof newDiscussionMessageSchema>;

export const discussionMessageSchema = z
  .object({
    id: z.uuid(),
    conversation_id: z.uuid(),
    /** Null once the author's account is gone. */
    author: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    body: z.string(),
    mentions: z.array(z.uuid()),
    created_at: unixSecondsSchema,
  })
  .meta({ id: 'DiscussionMessage' });
export type DiscussionMessage = z.infer<typeof discussionMessageSchema>;

/** A user a message may mention: someone who reads the conversation. */
export const mentionableUserSchema = z.object({ id: z.uuid(), name: z.string() });
export type MentionableUser = z.infer<typeof mentionableUserSchema>;

/** `GET /conversations/{id}/discussion`: the messages, oldest first, and whom a new message may mention. */
export const discussionSchema = z
  .object({
    messages: z.array(discussionMessageSchema),
    mentionable: z.array(mentionableUserSchema),
  })
  .meta({ id: 'Discussion' });
export type Discussion = z.infer<typeof discussionSchema>;
