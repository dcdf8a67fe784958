// The conversations API: the list with its filters, one conversation with its turns, edits, transcripts and
// translation (conversations come in through contract/conversation-ingestion.ts).
import { z } from 'zod';
import { customAnalysisResultSchema } from './custom-analyses';
import { evaluationSchema } from './evaluations';
import { conversationPhaseSchema } from './conversation-phases';
import { idSchema, unixSecondsSchema } from './common';
import { campaignFiltersSchema } from './filters';
import { unstorableInputDetail } from './storable-text';
import { conversationTypeSchema, languageSchema, sentimentSchema } from './enums';
import {
  conversationSorts,
  conversationStatuses,
  exportDetails,
  exportFormats,
  maxSelectedConversations,
  metadataMaxKeys,
  speakers,
} from './values/conversations';

export const speakerSchema = z.enum(speakers);
export type Speaker = z.infer<typeof speakerSchema>;

export const conversationStatusSchema = z.enum(conversationStatuses);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;

/**
 * Why a conversation's work failed, as a code the UI says in the user's language; `status_detail` keeps the
 * engine's own words (in English) for whoever needs the technical detail.
 */
export const statusReasons = [
  /** French audio without a transcription provider. */
  'no_engine_for_language',
  /** Neither the local recogniser nor a provider is available. */
  'no_engine_installed',
  /** A provider is configured but ffmpeg, which decodes the audio first, is not installed. */
  'audio_decoder_missing',
  /** The conversation has no audio, or its file is gone from storage. */
  'audio_missing',
  /** The file is not audio ffmpeg can decode. */
  'audio_unreadable',
  /** The audio holds no sound, or no speech was recognised in it. */
  'no_speech',
  /** The transcription or analysis provider refused the request, answered wrongly, or could not be reached. */
  'provider_error',
  /** The job was interrupted (server stops or crashes) too many times to try again. */
  'interrupted',
  /** Anything else; the detail says what. */
  'unexpected',
] as const;
export const statusReasonSchema = z.enum(statusReasons);
export type StatusReason = z.infer<typeof statusReasonSchema>;

/** Which engine (and model) produced a result, as the UI shows it. */
export const engineRunSchema = z.object({ engine: z.string(), model: z.string().nullable() });
export type EngineRun = z.infer<typeof engineRunSchema>;

/**
 * One turn of a conversation, numbered from 1 across both speakers in order: a chat message, an email, or a
 * transcript segment (a line of `input_text` for a call given as text).
 */
export const turnSchema = z.object({
  speaker: speakerSchema,
  text: z.string(),
  /** Emails only. */
  subject: z.string().nullable(),
  /** Calls with audio only: seconds from the start of the recording. */
  start_s: z.number().nullable(),
  end_s: z.number().nullable(),
  /** Chats and emails: when it was sent, if known. */
  sent_at: unixSecondsSchema.nullable(),
  sentiment: sentimentSchema.nullable(),
});
export type Turn = z.infer<typeof turnSchema>;

/** A time a sender gives: unix seconds from 1970 to the end of year 9999, which every date type holds. */
export const sentTimeSchema = unixSecondsSchema.nonnegative().max(253_402_300_799);

/** A conversation holds at most this many turns. */
export const maxTurns = 5000;

export const conversationMetadataSchema = z
  .record(z.string().trim().min(1).max(100), z.string().max(1000))
  .refine((metadata) => Object.keys(metadata).length <= metadataMaxKeys, {
    message: `At most ${metadataMaxKeys} metadata keys`,
  });

/** A conversation as lists show it: everything but its turns. */
export const conversationSummarySchema = z
  .object({
    id: idSchema,
    campaign_id: idSchema,
    type: conversationTypeSchema,
    agent: z.object({ id: idSchema, name: z.string() }).nullable(),
    status: conversationStatusSchema,
    /** Why the conversation failed, as a code; null unless it failed (or failed before codes existed). */
    status_reason: statusReasonSchema.nullable(),
    /** The technical detail of the failure, in the engine's words (English); null when there is nothing to say. */
    status_detail: z.string().nullable(),
    language: languageSchema,
    started_at: unixSecondsSchema,
    duration_s: z.number().int(),
    metadata: z.record(z.string(), z.string()),
    external_id: z.string().nullable(),
    sentiment: sentimentSchema.nullable(),
    topics: z.array(z.string()),
    has_audio: z.boolean(),
    created_at: unixSecondsSchema,
    /** What lists show of the current evaluation; null when the conversation has none. */
    evaluation: evaluationSchema
      .pick({
        status: true,
        main_score: true,
        auto_failed: true,
        validated: true,
        validated_by: true,
        validated_at: true,
      })
      .nullable(),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationSchema = conversationSummarySchema
  .extend({
    campaign_name: z.string(),
    /** A test call's conversation (`/campaigns/{id}/test-calls`): no dashboard, statistic or alert counts it. */
    is_test: z.boolean(),
    turns: z.array(turnSchema),
    /** The campaign's conversation phases found in the turns by the last analysis, in order. */
    phases: z.array(conversationPhaseSchema),
    /** Raised by every transcript edit; `PUT /calls/{id}/transcript` must send the version it read. */
    transcript_version: z.number().int(),
    transcription: engineRunSchema.nullable(),
    analysis: engineRunSchema.nullable(),
    /** The current evaluation; null when the conversation has none. */
    evaluation: evaluationSchema.nullable(),
    /** The answers to the campaign's custom analyses (`GET /conversations/{id}` only), in the analyses' order. */
    custom_analyses: z.array(customAnalysisResultSchema).optional(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

/** `PATCH /conversations/{id}`: the agent and the metadata are what people correct after an import. */
export const updateConversationSchema = z
  .object({ agent_id: idSchema, metadata: conversationMetadataSchema })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateConversation = z.infer<typeof updateConversationSchema>;

/** `PUT /calls/{id}/transcript`: the segments' text and speakers; timestamps are kept as they were. */
export const transcriptUpdateSchema = z
  .object({
    transcript_version: z.number().int(),
    segments: z
      .array(z.object({ speaker: speakerSchema, text: z.string().trim().max(100_000) }).strict())
      .max(maxTurns),
  })
  .strict()
  .meta({ id: 'TranscriptUpdate' });
export type TranscriptUpdate = z.infer<typeof transcriptUpdateSchema>;

const scoreBoundSchema = z.number().min(0).max(100).optional();

/**
 * The conversation list's filters: the per-campaign filters of spec §3 (every field optional) plus type, agents,
 * sentiment, language, validation, a date range and a free-text search over the turns. `evalItems` keeps the
 * conversations whose evaluation missed one of the items (scored it below 100); `validators` those validated by
 * one of the users. `ids` keeps only the conversations named, for a selection on the list (its export); the list
 * never keeps it among the saved filters.
 */
export const conversationFiltersSchema = campaignFiltersSchema
  .partial()
  .extend({
    score: z
      .object({ min: scoreBoundSchema, max: scoreBoundSchema })
      .refine(({ min, max }) => min === undefined || max === undefined || min <= max, {
        message: 'The minimum score is above the maximum',
      })
      .optional(),
    evalItems: z.array(idSchema).max(200).optional(),
    validators: z.array(idSchema).max(200).optional(),
    validated: z.boolean().optional(),
    types: z.array(conversationTypeSchema).optional(),
    agents: z.array(idSchema).optional(),
    sentiments: z.array(sentimentSchema).optional(),
    languages: z.array(languageSchema).optional(),
    statuses: z.array(conversationStatusSchema).optional(),
    // Within the times a conversation can start at: a date beyond them is no date the database can compare.
    started_after: sentTimeSchema.optional(),
    started_before: sentTimeSchema.optional(),
    q: z.string().trim().max(200).optional(),
    ids: z
      .array(idSchema)
      .min(1)
      .max(maxSelectedConversations)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'A conversation is listed twice' })
      .optional(),
  })
  .strict();
export type ConversationFilters = z.infer<typeof conversationFiltersSchema>;

/**
 * `filters` travels as one JSON-encoded query parameter; malformed JSON, or JSON that decodes to text the database
 * cannot store (its escapes pass the check of the raw query), is bad input like a wrong field.
 */
export const filtersParamSchema = z
  .string()
  .max(20_000)
  .transform((text, context) => {
    let filters: unknown;
    try {
      filters = JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'filters is not valid JSON' });
      return z.NEVER;
    }
    const unstorable = unstorableInputDetail(filters);
    if (unstorable) {
      context.addIssue({ code: 'custom', message: unstorable });
      return z.NEVER;
    }
    return filters;
  })
  .pipe(conversationFiltersSchema);

export const conversationListQuerySchema = z.object({
  start_after: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.enum(conversationSorts).default('started_at_desc'),
  filters: filtersParamSchema.optional(),
});

/** The most conversations the list counts exactly; past it, it says "10,000+" (decision 0207). */
export const conversationCountCap = 10_000;
export const conversationCountQuerySchema = z.object({ filters: filtersParamSchema.optional() });

/**
 * `GET /campaigns/{id}/conversations/count`: how many conversations match the filters. Past
 * `conversationCountCap`, `count` is the cap and `exact` false: there are more.
 */
export const conversationCountSchema = z
  .object({ count: z.number().int().min(0), exact: z.boolean() })
  .meta({ id: 'ConversationCount' });
export type ConversationCount = z.infer<typeof conversationCountSchema>;

export const conversationExportQuerySchema = z.object({
  format: z.enum(exportFormats).default('csv'),
  detail: z.enum(exportDetails).default('summary'),
  sort: z.enum(conversationSorts).default('started_at_desc'),
  filters: filtersParamSchema.optional(),
});

/** `GET /campaigns/{id}/conversations/metadata`: each key found in the campaign's conversations, with its values. */
export const conversationMetadataKeysSchema = z
  .array(z.object({ key: z.string(), values: z.array(z.string()) }))
  .meta({ id: 'ConversationMetadataKeys' });

/** `GET /campaigns/{id}/conversations/validators`: who validated at least one of the campaign's conversations. */
export const conversationValidatorsSchema = z
  .array(z.object({ id: idSchema, name: z.string() }))
  .meta({ id: 'ConversationValidators' });

export const translationQuerySchema = z.object({ target_language: languageSchema });
export const translationSchema = z
  .object({
    target_language: languageSchema,
    /** The turns translated, in the same order as the conversation's. */
    turns: z.array(z.object({ text: z.string(), subject: z.string().nullable() })),
    engine: engineRunSchema,
    /** True for a rough machine translation (the local engine): the UI marks it as a gist. */
    gist: z.boolean(),
  })
  .meta({ id: 'Translation' });
export type Translation = z.infer<typeof translationSchema>;

/** `GET /calls/{id}/audio/download-url`: a signed URL that expires. */
export const audioUrlSchema = z
  .object({ url: z.string(), expires_at: unixSecondsSchema })
  .meta({ id: 'AudioUrl' });

/** `GET /conversations/export/{id}`: one conversation as a file, with its transcript, metadata and discussion. */
export const conversationFileSchema = z
  .object({
    exported_at: unixSecondsSchema,
    conversation: conversationSchema,
    discussion: z.array(
      z.object({
        id: idSchema,
        /** Null once the author's account is deleted. */
        author: z.object({ id: idSchema, name: z.string() }).nullable(),
        body: z.string(),
        mentions: z.array(idSchema),
        created_at: unixSecondsSchema,
      }),
    ),
  })
  .meta({ id: 'ConversationFile' });
export type ConversationFile = z.infer<typeof conversationFileSchema>;
