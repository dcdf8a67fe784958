// The campaigns API: campaigns, their members (campaign users) and their logo.
import { z } from 'zod';
import { unixSecondsSchema } from './common';
import { evaluationEngines } from './evaluations';
import { campaignRoleSchema, languageSchema, userRoleSchema, userStatusSchema } from './enums';

/** Flags a campaign membership's policy may grant an editor (owners hold them all, viewers none). */
export const campaignPermissions = ['can_edit_settings', 'can_manage_users'] as const;
export type CampaignPermission = (typeof campaignPermissions)[number];
export const campaignPolicySchema = z.partialRecord(z.enum(campaignPermissions), z.boolean());
export type CampaignPolicy = z.infer<typeof campaignPolicySchema>;

/** A metadata key's label in each language; a language without one shows the key itself. */
export const metadataLabelSchema = z
  .object({ en: z.string().trim().min(1).max(100), fr: z.string().trim().min(1).max(100) })
  .partial()
  .strict()
  .meta({ id: 'MetadataLabel' });
export type MetadataLabel = z.infer<typeof metadataLabelSchema>;

export const metadataLabelsMaxCount = 200;

/** The labels of a campaign's metadata keys, by key (`customer_tier` → "Customer tier" / "Niveau client"). */
export const metadataLabelsSchema = z
  .record(z.string().min(1).max(200), metadataLabelSchema)
  .refine((labels) => Object.keys(labels).length <= metadataLabelsMaxCount, {
    message: `At most ${metadataLabelsMaxCount} labelled metadata keys`,
  })
  .meta({ id: 'MetadataLabels' });
export type MetadataLabels = z.infer<typeof metadataLabelsSchema>;

/**
 * PII redaction (emails, phone numbers, card numbers, IBANs, French social security numbers, written or spelt out),
 * each replaced by a placeholder naming its type (`[EMAIL]`, `[PHONE]`, `[CARD]`, `[IBAN]`, `[NIR]`).
 */
const campaignRedactionShape = {
  /** Text sent to an LLM provider (evaluation, analysis, custom analyses, translation) is redacted first. */
  redact_for_providers: z.boolean(),
  /**
   * Conversations are stored redacted: a message's text as it arrives, a call's transcript as it is written, and
   * the audio muted over the redacted words when the transcript has word timings. Irreversible, and only for
   * conversations that arrive after the setting is turned on.
   */
  redact_at_ingestion: z.boolean(),
  /** Exports (CSV, Excel) carry redacted text. */
  redact_exports: z.boolean(),
};

export const campaignSchema = z
  .object({
    id: z.uuid(),
    organisation_id: z.uuid(),
    name: z.string(),
    description: z.string(),
    language: languageSchema,
    /** A short-lived signed URL of the logo image, or null without a logo. */
    logo_url: z.string().nullable(),
    created_by: z.uuid().nullable(),
    created_at: unixSecondsSchema,
    member_count: z.number().int(),
    /** The caller's membership role; null for an admin who is not a member. */
    my_role: campaignRoleSchema.nullable(),
    /** Conversations are evaluated once analysed (the campaign setting `auto_evaluate`, on by default). */
    auto_evaluate: z.boolean(),
    /**
     * The engine that evaluates the campaign's conversations (the setting `evaluation_engine`; unset, `llm` when
     * the server has an evaluation provider, else `rules`). A campaign that chose `llm` on a server without a
     * provider is evaluated by the rules engine, its evaluations saying `status_reason: llm_unavailable`.
     */
    evaluation_engine: z.enum(evaluationEngines),
    /** With the LLM, items that have rules are answered by the rules engine (setting `evaluation_force_rules`). */
    evaluation_force_rules: z.boolean(),
    /** Whether the server has an evaluation provider, so that `evaluation_engine: llm` can be honoured. */
    llm_evaluation_available: z.boolean(),
    /** The labels its metadata keys show under, in English and French (setting `metadata_labels`). */
    metadata_labels: metadataLabelsSchema,
    ...campaignRedactionShape,
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;

const campaignNameSchema = z.string().trim().min(1).max(120);
const campaignDescriptionSchema = z.string().trim().max(2000);

export const createCampaignSchema = z
  .object({
    name: campaignNameSchema,
    description: campaignDescriptionSchema.optional(),
    language: languageSchema.optional(),
  })
  .strict();
export type CreateCampaign = z.infer<typeof createCampaignSchema>;

export const updateCampaignSchema = z
  .object({
    name: campaignNameSchema,
    description: campaignDescriptionSchema,
    language: languageSchema,
    auto_evaluate: z.boolean(),
    /** `llm` is refused (422) on a server without an evaluation provider. */
    evaluation_engine: z.enum(evaluationEngines),
    evaluation_force_rules: z.boolean(),
    /** Replaces every label; a key left out shows as itself again. */
    metadata_labels: metadataLabelsSchema,
    ...campaignRedactionShape,
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateCampaign = z.infer<typeof updateCampaignSchema>;

export const campaignListQuerySchema = z.object({
  start_after: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(200),
  q: z.string().trim().max(120).optional(),
});

/** `GET /campaigns/{id}/users/me/role`: what the caller may do in the campaign. */
export const myCampaignRoleSchema = z
  .object({ role: campaignRoleSchema.nullable(), policy: campaignPolicySchema, admin: z.boolean() })
  .meta({ id: 'MyCampaignRole' });
export type MyCampaignRole = z.infer<typeof myCampaignRoleSchema>;

export const campaignMemberSchema = z
  .object({
    user_id: z.uuid(),
    name: z.string(),
    email: z.string(),
    user_role: userRoleSchema,
    status: userStatusSchema,
    role: campaignRoleSchema,
    policy: campaignPolicySchema,
  })
  .meta({ id: 'CampaignMember' });
export type CampaignMember = z.infer<typeof campaignMemberSchema>;

export const addCampaignMemberSchema = z
  .object({ user_id: z.uuid(), role: campaignRoleSchema, policy: campaignPolicySchema.default({}) })
  .strict();
export type AddCampaignMember = z.infer<typeof addCampaignMemberSchema>;

export const updateCampaignMemberSchema = z
  .object({ role: campaignRoleSchema, policy: campaignPolicySchema.default({}) })
  .strict();
export type UpdateCampaignMember = z.infer<typeof updateCampaignMemberSchema>;

export const campaignMemberParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });

/** `GET /users/{id}/campaigns`: a user's memberships. */
export const userCampaignSchema = z
  .object({
    campaign_id: z.uuid(),
    campaign_name: z.string(),
    organisation_id: z.uuid(),
    role: campaignRoleSchema,
    policy: campaignPolicySchema,
  })
  .meta({ id: 'UserCampaign' });
export type UserCampaign = z.infer<typeof userCampaignSchema>;

/** `GET /campaigns-metadatas`: the metadata keys found in each readable campaign's conversations. */
export const campaignMetadataSchema = z
  .object({ campaign_id: z.uuid(), keys: z.array(z.string()) })
  .meta({ id: 'CampaignMetadata' });

/** Logo uploads: at most 2 MB, sniffed as PNG, JPEG, WebP or SVG (sanitised), in this multipart file field. */
export const logoMaxBytes = 2 * 1024 * 1024;
export const logoFieldName = 'logo';
export const logoMediaTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

/**
 * A topic of a campaign's conversations: its name and the words or phrases that mark it. Matching is by whole
 * words, ignoring case and accents; a keyword ending in `*` matches any word it starts ("rembours*").
 */
export const topicDefinitionSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    keywords: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(200)
          .regex(/[\p{L}\p{N}]/u, 'A keyword needs a letter or a digit'),
      )
      .min(1)
      .max(200),
  })
  .strict()
  .meta({ id: 'TopicDefinition' });
export type TopicDefinition = z.infer<typeof topicDefinitionSchema>;

/** A campaign keeps at most this many topics. */
export const topicsMaxCount = 100;
const topicListSchema = z.array(topicDefinitionSchema).max(topicsMaxCount);

/** What the server reads in a campaign's settings; other keys are kept as they are. */
export const campaignSettingsSchema = z
  .object({
    topics: topicListSchema.optional(),
    /** Evaluate new conversations once their analysis is done; on when unset. */
    auto_evaluate: z.boolean().optional(),
    evaluation_engine: z.enum(evaluationEngines).optional(),
    /** Items that have rules are answered by the rules engine even when the LLM evaluates; off when unset. */
    evaluation_force_rules: z.boolean().optional(),
  })
  .loose()
  .meta({ id: 'CampaignSettings' });
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

/** `GET /campaigns/{id}/topics`: the campaign's topics, in the order they are matched and shown. */
export const campaignTopicsSchema = z
  .object({ topics: topicListSchema })
  .strict()
  .meta({ id: 'CampaignTopics' });
export type CampaignTopics = z.infer<typeof campaignTopicsSchema>;

/** `PUT /campaigns/{id}/topics`: the whole list, names unique ignoring case. */
export const updateCampaignTopicsSchema = campaignTopicsSchema.superRefine(({ topics }, context) => {
  const seen = new Set<string>();
  topics.forEach((topic, index) => {
    const key = topic.name.toLocaleLowerCase();
    if (seen.has(key))
      context.addIssue({
        code: 'custom',
        path: ['topics', index, 'name'],
        message: 'Topic names must differ',
      });
    seen.add(key);
  });
});

/** The answer to `PUT /campaigns/{id}/topics`: the topics stored and how many conversations are analysed again. */
export const campaignTopicsSavedSchema = z
  .object({ topics: topicListSchema, reanalysing: z.number().int().nonnegative() })
  .meta({ id: 'CampaignTopicsSaved' });
export type CampaignTopicsSaved = z.infer<typeof campaignTopicsSavedSchema>;
