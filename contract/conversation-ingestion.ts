// Conversation ingestion: conversations pushed into a campaign (`POST /campaigns/{id}/conversations`, one of
// three variants, or many in a batch) and calls' audio uploaded (`POST /calls/audio`). The browser's upload page
// is one sender; API clients and connectors are others.
import { z } from 'zod';
import { idSchema } from './common';
import { conversationMetadataSchema, maxTurns, sentTimeSchema, speakerSchema } from './conversations';
import { languageSchema } from './enums';

const textSchema = z.string().trim().min(1).max(100_000);

/** The sender's own id for a conversation, unique per campaign: a second post with it is not a new one. */
const externalIdSchema = z.string().trim().min(1).max(200);

/** What every variant of `POST /campaigns/{id}/conversations` may also carry. */
const conversationCommonFields = {
  agent_id: idSchema,
  language: languageSchema.optional(),
  started_at: sentTimeSchema.optional(),
  duration_s: z
    .number()
    .int()
    .nonnegative()
    .max(7 * 24 * 3600)
    .optional(),
  metadata: conversationMetadataSchema.optional(),
  external_id: externalIdSchema.optional(),
};

export const newChatMessageSchema = z
  .object({ speaker: speakerSchema, text: textSchema, sent_at: sentTimeSchema.optional() })
  .strict();
export const newEmailSchema = z
  .object({
    speaker: speakerSchema,
    subject: z.string().trim().max(1000).optional(),
    body: textSchema,
    sent_at: sentTimeSchema.optional(),
  })
  .strict();

export const newConversationSchema = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('chat'),
        ...conversationCommonFields,
        messages: z.array(newChatMessageSchema).min(1).max(maxTurns),
      })
      .strict(),
    z
      .object({
        type: z.literal('email'),
        ...conversationCommonFields,
        emails: z.array(newEmailSchema).min(1).max(maxTurns),
      })
      .strict(),
    z
      .object({
        type: z.literal('call'),
        ...conversationCommonFields,
        /** One turn per line, "Agent: …" / "Customer: …" (French "Client: …"). */
        input_text: textSchema,
      })
      .strict(),
  ])
  .meta({ id: 'NewConversation' });
export type NewConversation = z.infer<typeof newConversationSchema>;

/**
 * `POST /campaigns/{id}/conversations/batch`: many conversations stored in one transaction, all or none. Each is
 * one of the variants above; a conversation whose external id is already in the campaign (or earlier in the
 * same batch) is not stored again.
 */
export const conversationBatchMaxItems = 1000;
/** The batch's body may be this large; a single conversation's is limited as every other request's. */
export const conversationBatchMaxBytes = 16 * 1024 * 1024;
export const newConversationBatchSchema = z
  .object({ conversations: z.array(newConversationSchema).min(1).max(conversationBatchMaxItems) })
  .strict()
  .meta({ id: 'NewConversationBatch' });
export type NewConversationBatch = z.infer<typeof newConversationBatchSchema>;

/** What became of each conversation of a batch, in the order sent: `duplicate` names the one already stored. */
export const conversationBatchResultSchema = z
  .object({
    results: z.array(
      z.object({
        id: idSchema,
        external_id: z.string().nullable(),
        outcome: z.enum(['created', 'duplicate']),
      }),
    ),
  })
  .meta({ id: 'ConversationBatchResult' });
export type ConversationBatchResult = z.infer<typeof conversationBatchResultSchema>;

/** Audio uploads (`POST /calls/audio`): at most 200 MB, sniffed by content, in this multipart file field. */
export const audioMaxBytes = 200 * 1024 * 1024;
export const audioFieldName = 'file';
/**
 * The text fields sent with the audio. Without `external_id`, the server uses the audio's SHA-256
 * (`sha256:<hex>`), so the same recording uploaded twice is one call.
 */
export const audioUploadFieldsSchema = z
  .object({ campaign_id: idSchema, agent_id: idSchema.optional(), external_id: externalIdSchema.optional() })
  .strict();
export const audioMediaTypes = [
  'audio/wav',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'audio/flac',
  'audio/webm',
] as const;
