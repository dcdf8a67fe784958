// The database schema: one PostgreSQL dialect for PGlite and PostgreSQL; migrations are generated from it.
import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AlertWatch } from '../../contract/alerts';
import type { ApiKeyScope } from '../../contract/api-keys';
import type { AuditAction, AuditActorType, AuditDetails, AuditTargetType } from '../../contract/audit-log';
import type { CampaignPolicy } from '../../contract/campaigns';
import type { ConversationPhase } from '../../contract/conversation-phases';
import type { UsageFeature, UsageKind, UsageUnit } from '../../contract/usage';
import type { ConversationStatus, EngineRun, StatusReason, Turn } from '../../contract/conversations';
import type { JobKind, JobStatus } from '../../contract/jobs';
import type { TestCallSource } from '../../contract/test-calls';
import type { ReviewAssignmentStatus, ReviewQuota, ReviewRuleFilters } from '../../contract/reviews';
import type { CustomAnalysisType, CustomAnalysisValue } from '../../contract/custom-analyses';
import type {
  AlertDetail,
  CampaignRole,
  ConversationType,
  Sentiment,
  UserPolicy,
} from '../../contract/enums';
import type { EvaluationGridContent, PublishEvaluationGrid } from '../../contract/evaluation-grids';
import type {
  EvaluationEngineName,
  EvaluationItemResult,
  EvaluationStatus,
  EvaluationValue,
} from '../../contract/evaluations';

/** PostgreSQL's text-search document; read only inside SQL (`@@`), never sent to the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** How long the audit log keeps an entry; the retention pass purges older ones (decision 0226). */
    auditRetentionDays: integer('audit_retention_days').notNull().default(730),
    createdAt: createdAt(),
  },
  // Two organisations named alike, whatever the case, are a double submission rather than a wish.
  (table) => [uniqueIndex('organisations_name_unique').on(sql`lower(${table.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id').references(() => organisations.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    role: text('role', { enum: ['agent', 'supervisor'] }).notNull(),
    policy: jsonb('policy').$type<UserPolicy>().notNull().default({}),
    language: text('language', { enum: ['en', 'fr'] }),
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['invited', 'active', 'disabled'] })
      .notNull()
      .default('invited'),
    createdAt: createdAt(),
  },
  (table) => [
    // One account per address; invited rows stay out so that an invitation never tells whether one exists.
    uniqueIndex('users_account_email_unique')
      .on(table.email)
      .where(sql`${table.status} <> 'invited'`),
    uniqueIndex('users_organisation_email_unique').on(table.organisationId, table.email),
    index('users_organisation_idx').on(table.organisationId),
  ],
);

export const invitations = pgTable('invitations', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** One row per refresh token; a login starts a family, every rotation adds a row to it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** The hash of the idempotency key of the refresh request that rotated the token, if it had one. */
    rotationKeyHash: text('rotation_key_hash'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    index('sessions_family_idx').on(table.familyId),
  ],
);

/** Failed logins per account and address, for throttling; shared by every server instance. */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Server-wide secrets generated at first start (the token signing key unless JWT_SECRET is set). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    language: text('language', { enum: ['en', 'fr'] })
      .notNull()
      .default('en'),
    logoKey: text('logo_key'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** PII redaction (server/redaction/): of the text sent to providers, of what is stored, of exports. */
    redactForProviders: boolean('redact_for_providers').notNull().default(false),
    redactAtIngestion: boolean('redact_at_ingestion').notNull().default(false),
    redactExports: boolean('redact_exports').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('campaigns_organisation_idx').on(table.organisationId)],
);

export const campaignMembers = pgTable(
  'campaign_members',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<CampaignRole>().notNull(),
    policy: jsonb('policy').$type<CampaignPolicy>().notNull().default({}),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.userId] }),
    // Leads by user: a user's memberships in campaign order, as the campaign list's keyset pages read them.
    index('campaign_members_user_campaign_idx').on(table.userId, table.campaignId),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    type: text('type').$type<ConversationType>().notNull(),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<ConversationStatus>().notNull(),
    statusReason: text('status_reason').$type<StatusReason>(),
    statusDetail: text('status_detail'),
    language: text('language', { enum: ['en', 'fr'] })
      .notNull()
      .default('en'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationSeconds: integer('duration_s').notNull().default(0),
    /**
     * An email thread's first response: seconds from the customer's first dated email to the agent's first dated
     * email after it; null for calls and chats, and for threads without both (migration 0035 defines the function).
     */
    firstResponseSeconds: integer('first_response_s').generatedAlwaysAs(
      sql`email_first_response_s(type, turns)`,
    ),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** The sender's own id for the conversation: a second import with the same one is not a new conversation. */
    externalId: text('external_id'),
    /** Messages, emails or transcript segments, in order (contract `Turn`). */
    turns: jsonb('turns').$type<Turn[]>().notNull().default([]),
    /** The turns' text in one string, for the list's free-text search. */
    searchText: text('search_text').notNull().default(''),
    /**
     * `search_text` parsed once when written: the list checks it row by row while it walks the date index, and
     * parsing a call's transcript there costs milliseconds a row where reading the stored words costs microseconds.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    transcriptVersion: integer('transcript_version').notNull().default(0),
    audioKey: text('audio_key'),
    audioMediaType: text('audio_media_type'),
    sentiment: text('sentiment').$type<Sentiment>(),
    topics: jsonb('topics').$type<string[]>().notNull().default([]),
    /** The campaign's conversation phases found by the last analysis, in order (contract `ConversationPhase`). */
    phases: jsonb('phases').$type<ConversationPhase[]>().notNull().default([]),
    transcription: jsonb('transcription').$type<EngineRun>(),
    analysis: jsonb('analysis').$type<EngineRun>(),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('conversations_campaign_idx').on(table.campaignId, table.id),
    // The list's keyset order (newest first, ties by id), whole and per agent. Migration 0025 adds INCLUDE (agent_id,
    // type, status, sentiment, duration_s, is_test; migration 0035 first_response_s), which drizzle-kit cannot write,
    // for the dashboards' edge days; 0025 also adds `evaluations_figures_idx` on evaluations (conversation_id) INCLUDE
    // (status, main_score, validated, auto_failed).
    index('conversations_campaign_started_idx').on(table.campaignId, table.startedAt, table.id),
    index('conversations_campaign_agent_started_idx').on(
      table.campaignId,
      table.agentId,
      table.startedAt,
      table.id,
    ),
    uniqueIndex('conversations_campaign_external_id_unique')
      .on(table.campaignId, table.externalId)
      .where(sql`${table.externalId} is not null`),
    index('conversations_search_idx').using('gin', table.searchVector),
  ],
);

/**
 * How many conversations of a campaign (test ones aside) hold each metadata key and value, kept by triggers on
 * `conversations` (migration 0010) so that the filters' key and value lists read a few rows instead of every
 * conversation's metadata. A count that falls to 0 stays as a row and is not listed.
 */
export const conversationMetadataValues = pgTable(
  'conversation_metadata_values',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    conversations: integer('conversations').notNull(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.key, table.value] })],
);

/** The daily rollups' key: campaign, UTC day of the conversations' start, agent (null when none), type. */
const dailyRollupKey = () => ({
  campaignId: uuid('campaign_id')
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  agentId: uuid('agent_id'),
  type: text('type').$type<ConversationType>().notNull(),
});

/** The daily figures' columns after the key (the hourly rollup has the same). */
const dailyFiguresColumns = () => ({
  conversations: integer('conversations').notNull(),
  /** Conversations analysed (status `ready`): those whose phases the phases' graph averages. */
  analysed: integer('analysed').notNull(),
  negativeSentiment: integer('negative_sentiment').notNull(),
  withSentiment: integer('with_sentiment').notNull(),
  timed: integer('timed').notNull(),
  durationSum: bigint('duration_sum', { mode: 'number' }).notNull(),
  /** Email threads with a first response (`conversations.first_response_s`), and the sum of those seconds. */
  responded: integer('responded').notNull(),
  firstResponseSum: bigint('first_response_sum', { mode: 'number' }).notNull(),
  evaluated: integer('evaluated').notNull(),
  validated: integer('validated').notNull(),
  scored: integer('scored').notNull(),
  /** Main scores are `real`: their sum in float8 is exact, so averages equal those of a full recompute. */
  scoreSum: doublePrecision('score_sum').notNull(),
  autoFailed: integer('auto_failed').notNull(),
  scoreBin0: integer('score_bin_0').notNull(),
  scoreBin1: integer('score_bin_1').notNull(),
  scoreBin2: integer('score_bin_2').notNull(),
  scoreBin3: integer('score_bin_3').notNull(),
  scoreBin4: integer('score_bin_4').notNull(),
  scoreBin5: integer('score_bin_5').notNull(),
  scoreBin6: integer('score_bin_6').notNull(),
  scoreBin7: integer('score_bin_7').notNull(),
  scoreBin8: integer('score_bin_8').notNull(),
  scoreBin9: integer('score_bin_9').notNull(),
});

/**
 * The dashboards' daily rollup: per campaign, agent (null when none), UTC day of the conversations' start and type,
 * the additive figures the graphs read (test conversations never count). Kept current by triggers on
 * `conversations` and `evaluations` (migration 0022), so that a graph reads days instead of conversations; rows
 * that fall to zero stay. `score_bin_N` counts the scored evaluations whose main score is in [10 N, 10 N + 10)
 * (100 in the last bin), as the score distribution bins them.
 */
export const dashboardDailyFigures = pgTable(
  'dashboard_daily_figures',
  {
    ...dailyRollupKey(),
    ...dailyFiguresColumns(),
  },
  (table) => [
    unique('dashboard_daily_figures_key')
      .on(table.campaignId, table.day, table.agentId, table.type)
      .nullsNotDistinct(),
  ],
);

/** The phases' daily rollup's columns after the key (the hourly rollup has the same). */
const dashboardDailyPhasesColumns = () => ({
  name: text('name').notNull(),
  phases: integer('phases').notNull(),
  positionSum: bigint('position_sum', { mode: 'number' }).notNull(),
  timed: integer('timed').notNull(),
  secondsSum: doublePrecision('seconds_sum').notNull(),
  counted: integer('counted').notNull(),
  turnsSum: doublePrecision('turns_sum').notNull(),
});

/**
 * The phases' daily rollup: per campaign, UTC day, agent, type and phase name, the analysed conversations' (status
 * `ready`, test ones never) phases of that name, their positions' sum (the graph lists phases in their average
 * position), and the sums and counts of the phases' measured seconds and turns. Kept by the triggers on
 * `conversations` (migration 0022) from the `phases` column.
 */
export const dashboardDailyPhases = pgTable(
  'dashboard_daily_phases',
  {
    ...dailyRollupKey(),
    ...dashboardDailyPhasesColumns(),
  },
  (table) => [
    unique('dashboard_daily_phases_key')
      .on(table.campaignId, table.day, table.agentId, table.type, table.name)
      .nullsNotDistinct(),
  ],
);

/** The topics' and items' daily rollups' key: campaign, UTC day of the conversations' start, agent (null when none). */
const dailyBreakdownKey = () => ({
  campaignId: uuid('campaign_id')
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  agentId: uuid('agent_id'),
});

/** The topics' daily rollup's columns after the key (the hourly rollup has the same). */
const dashboardDailyTopicsColumns = () => ({
  topic: text('topic').notNull(),
  conversations: integer('conversations').notNull(),
  scored: integer('scored').notNull(),
  scoreSum: doublePrecision('score_sum').notNull(),
  negativeSentiment: integer('negative_sentiment').notNull(),
  withSentiment: integer('with_sentiment').notNull(),
});

/**
 * The topics' daily rollup: per campaign, UTC day, agent and topic, the conversations naming the topic (test ones
 * never; a topic named twice counts twice, as the graph's unnest counts it), their scored evaluations and score sum
 * (float8, exact for `real` scores), and their sentiment counts. Kept by the triggers on `conversations` and
 * `evaluations` (migration 0025).
 */
export const dashboardDailyTopics = pgTable(
  'dashboard_daily_topics',
  {
    ...dailyBreakdownKey(),
    ...dashboardDailyTopicsColumns(),
  },
  (table) => [
    unique('dashboard_daily_topics_key')
      .on(table.campaignId, table.day, table.agentId, table.topic)
      .nullsNotDistinct(),
  ],
);

/** The items' daily rollup's columns after the key (the hourly rollup has the same). */
const dashboardDailyItemsColumns = () => ({
  itemId: text('item_id').notNull(),
  value: text('value'),
  answers: integer('answers').notNull(),
  scored: integer('scored').notNull(),
  scoreSum: numeric('score_sum').notNull(),
});

/**
 * The items' daily rollup: per campaign, UTC day, agent, item and answer (the value as text, null for an object
 * value), how many done evaluations (test conversations never) answered it so, how many with a score, and their
 * scores' sum as `numeric` (exact whatever the order of summing, so the averages equal a full recompute's). Kept by
 * the triggers on `conversations` and `evaluations` (migration 0025).
 */
export const dashboardDailyItems = pgTable(
  'dashboard_daily_items',
  {
    ...dailyBreakdownKey(),
    ...dashboardDailyItemsColumns(),
  },
  (table) => [
    unique('dashboard_daily_items_key')
      .on(table.campaignId, table.day, table.agentId, table.itemId, table.value)
      .nullsNotDistinct(),
  ],
);

/**
 * The hourly topics' and items' key: the daily one's with the UTC hour of the conversations' start (`timestamp`
 * without time zone, UTC's wall clock) in the day's place, so that the triggers' hourly rows give their day's rows by
 * the hour's date (migration 0028).
 */
const hourlyBreakdownKey = () => ({
  campaignId: uuid('campaign_id')
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  hour: timestamp('hour', { mode: 'string' }).notNull(),
  agentId: uuid('agent_id'),
});
/** The hourly figures' and phases' key: the same with the type, as the daily ones'. */
const hourlyRollupKey = () => ({
  ...hourlyBreakdownKey(),
  type: text('type').$type<ConversationType>().notNull(),
});

/**
 * The four daily rollups again per UTC hour, kept by the same triggers in the same upserts (migration 0028): a range
 * whose ends are not on a UTC midnight (a day in the user's time zone, a previous period) reads the hours of its
 * edge days here, and only the minutes short of an hour from the conversations (decision 0194).
 */
export const dashboardHourlyFigures = pgTable(
  'dashboard_hourly_figures',
  { ...hourlyRollupKey(), ...dailyFiguresColumns() },
  (table) => [
    unique('dashboard_hourly_figures_key')
      .on(table.campaignId, table.hour, table.agentId, table.type)
      .nullsNotDistinct(),
  ],
);

export const dashboardHourlyPhases = pgTable(
  'dashboard_hourly_phases',
  { ...hourlyRollupKey(), ...dashboardDailyPhasesColumns() },
  (table) => [
    unique('dashboard_hourly_phases_key')
      .on(table.campaignId, table.hour, table.agentId, table.type, table.name)
      .nullsNotDistinct(),
  ],
);

export const dashboardHourlyTopics = pgTable(
  'dashboard_hourly_topics',
  { ...hourlyBreakdownKey(), ...dashboardDailyTopicsColumns() },
  (table) => [
    unique('dashboard_hourly_topics_key')
      .on(table.campaignId, table.hour, table.agentId, table.topic)
      .nullsNotDistinct(),
  ],
);

export const dashboardHourlyItems = pgTable(
  'dashboard_hourly_items',
  { ...hourlyBreakdownKey(), ...dashboardDailyItemsColumns() },
  (table) => [
    unique('dashboard_hourly_items_key')
      .on(table.campaignId, table.hour, table.agentId, table.itemId, table.value)
      .nullsNotDistinct(),
  ],
);

/**
 * Translations of a conversation's turns, one per target language, so that the page's toggle answers at once the
 * second time. A row is reused only while the source text and the engine are the ones it was made from.
 */
export const conversationTranslations = pgTable(
  'conversation_translations',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    targetLanguage: text('target_language', { enum: ['en', 'fr'] }).notNull(),
    /** SHA-256 of the source language and the turns' texts and subjects the translation was made from. */
    sourceHash: text('source_hash').notNull(),
    engine: jsonb('engine').$type<EngineRun>().notNull(),
    gist: boolean('gist').notNull(),
    turns: jsonb('turns').$type<{ text: string; subject: string | null }[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.targetLanguage] })],
);

/**
 * The durable job queue: a row per piece of background work on a conversation. Workers claim rows with
 * `FOR UPDATE SKIP LOCKED` and hold them for a lease; a worker that dies (even `kill -9`) lets its lease lapse
 * and another claims the job again, so handlers are idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<JobKind>().notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    progress: real('progress').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** When a worker first claimed the job: how long it waited, and how long it ran until `finished_at`. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // What workers claim: due jobs of a kind, oldest first.
    index('jobs_due_idx')
      .on(table.kind, table.runAt)
      .where(sql`${table.status} in ('queued', 'running')`),
    // At most one live job of a kind per conversation: queueing it again while it waits is a no-op.
    uniqueIndex('jobs_live_unique')
      .on(table.conversationId, table.kind)
      .where(sql`${table.status} in ('queued', 'running')`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['MENTIONED_IN_CONVERSATION', 'ALERT', 'REVIEWS_ASSIGNED'] }).notNull(),
    read: boolean('read').notNull().default(false),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    mentionedById: uuid('mentioned_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** MENTIONED_IN_CONVERSATION: the message's first words, as it was when it mentioned the user. */
    excerpt: text('excerpt'),
    alertDetail: jsonb('alert_detail').$type<AlertDetail>(),
    /**
     * REVIEWS_ASSIGNED: how many conversations were given to the user in the campaign since they last read it (the
     * conversation is the first of them, where the notification leads).
     */
    assignmentCount: integer('assignment_count'),
    createdAt: createdAt(),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.id.desc())],
);

/** A conversation's discussion: messages between the people who review it, with the users they mention. */
export const discussionMessages = pgTable(
  'discussion_messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [index('discussion_messages_conversation_idx').on(table.conversationId, table.id)],
);

/** A campaign's evaluation grid: one per campaign, made empty (version 0) when it is first read. */
export const evaluationGrids = pgTable('evaluation_grids', {
  id: uuid('id').primaryKey(),
  campaignId: uuid('campaign_id')
    .notNull()
    .unique()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  /** The current version: the newest of its `evaluation_grid_versions`. */
  version: integer('version').notNull(),
  /** The editor's unpublished draft, as the publish call takes it; null when there is none (publishing clears it). */
  draft: jsonb('draft').$type<PublishEvaluationGrid>(),
  draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true }),
  draftUpdatedBy: uuid('draft_updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Every version of a grid, kept so that an evaluation can be read with the version it was made with. */
export const evaluationGridVersions = pgTable(
  'evaluation_grid_versions',
  {
    gridId: uuid('grid_id')
      .notNull()
      .references(() => evaluationGrids.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<EvaluationGridContent>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.gridId, table.version] })],
);

/**
 * A conversation's current evaluation: made with one version of its campaign's grid, by one engine. Launching it
 * again replaces it; `pending_item_ids` says what the queued job evaluates (null: every item).
 */
export const evaluations = pgTable(
  'evaluations',
  {
    conversationId: uuid('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    gridId: uuid('grid_id')
      .notNull()
      .references(() => evaluationGrids.id, { onDelete: 'cascade' }),
    gridVersion: integer('grid_version').notNull(),
    engine: text('engine').$type<EvaluationEngineName>().notNull(),
    model: text('model'),
    status: text('status').$type<EvaluationStatus>().notNull(),
    statusReason: text('status_reason'),
    pendingItemIds: jsonb('pending_item_ids').$type<string[]>(),
    mainScore: real('main_score'),
    sectionScores: jsonb('section_scores')
      .$type<{ section_id: string; score: number | null }[]>()
      .notNull()
      .default([]),
    additionalScores: jsonb('additional_scores')
      .$type<{ id: string; score: number | null }[]>()
      .notNull()
      .default([]),
    autoFailed: boolean('auto_failed').notNull().default(false),
    items: jsonb('items').$type<EvaluationItemResult[]>().notNull().default([]),
    /**
     * The engine's answer to each item a person has answered since the engine last ran it (item id → value, null
     * when the engine left it unanswered), set by the first human answer: the validation statistics compare the
     * final answers with these. An item answered by the engine (`source: ai`) is its own engine answer.
     */
    engineValues: jsonb('engine_values')
      .$type<Record<string, EvaluationValue | null>>()
      .notNull()
      .default({}),
    validated: boolean('validated').notNull().default(false),
    validatedBy: uuid('validated_by').references(() => users.id, { onDelete: 'set null' }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The validation statistics read validated evaluations only.
  (table) => [
    index('evaluations_validated_idx')
      .on(table.conversationId)
      .where(sql`${table.validated}`),
  ],
);

/**
 * A person's change to one item of a conversation's evaluation (an answer or a comment), kept for the item's
 * history: the answer before and after (equal for a comment), the comment given, who and when.
 */
export const evaluationItemUpdates = pgTable(
  'evaluation_item_updates',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    gridId: uuid('grid_id')
      .notNull()
      .references(() => evaluationGrids.id, { onDelete: 'cascade' }),
    gridVersion: integer('grid_version').notNull(),
    itemId: uuid('item_id').notNull(),
    before: jsonb('before').$type<EvaluationValue | null>(),
    after: jsonb('after').$type<EvaluationValue | null>(),
    comment: text('comment'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('evaluation_item_updates_item_idx').on(table.itemId, table.id)],
);

/**
 * What the organisation used, one row per event: a conversation ingested, the audio seconds transcribed, an
 * evaluation run, a provider call with its tokens, the characters translated. `test` copies the conversation's
 * `is_test` when the event is written, so test calls are counted apart even after their conversation is deleted.
 * Rows outlive the campaigns and conversations they name (set null), since usage is counted after they are deleted.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    kind: text('kind').$type<UsageKind>().notNull(),
    feature: text('feature').$type<UsageFeature>().notNull(),
    engine: text('engine').notNull(),
    model: text('model'),
    quantity: doublePrecision('quantity').notNull(),
    unit: text('unit').$type<UsageUnit>().notNull(),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    test: boolean('test').notNull().default(false),
    createdAt: createdAt(),
  },
  // The report reads an organisation's period; the export walks it by time then id.
  (table) => [index('usage_events_organisation_idx').on(table.organisationId, table.createdAt, table.id)],
);

/**
 * The usage events summed per organisation, UTC day of `created_at`, campaign (null when none), kind, unit, feature,
 * engine, model and test flag, so that the usage report reads days instead of events (the period's partial days are
 * read from the events). Kept by triggers on `usage_events` (migration 0027): an event deleted is taken off, an
 * event whose campaign is deleted (set null) moves to the row of no campaign. Sums are exact (`numeric`, `bigint`):
 * any order of adding gives the same figures. Rows that fall to zero stay (`events` 0); the report skips them.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** No foreign key: the triggers move a deleted campaign's rows to null. */
    campaignId: uuid('campaign_id'),
    kind: text('kind').$type<UsageKind>().notNull(),
    unit: text('unit').$type<UsageUnit>().notNull(),
    feature: text('feature').$type<UsageFeature>().notNull(),
    engine: text('engine').notNull(),
    model: text('model'),
    test: boolean('test').notNull(),
    events: bigint('events', { mode: 'number' }).notNull(),
    quantity: numeric('quantity').notNull(),
    tokensIn: bigint('tokens_in', { mode: 'number' }).notNull(),
    tokensOut: bigint('tokens_out', { mode: 'number' }).notNull(),
  },
  (table) => [
    unique('usage_daily_key')
      .on(
        table.organisationId,
        table.day,
        table.campaignId,
        table.kind,
        table.unit,
        table.feature,
        table.engine,
        table.model,
        table.test,
      )
      .nullsNotDistinct(),
  ],
);

/**
 * A campaign's alerts: a threshold on a score of its grid (`detail`) and the users notified when an evaluation
 * meets it. `disabled_reason` says why the server turned the alert off (its grid element left the grid).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason').$type<'grid_element_removed'>(),
    detail: jsonb('detail').$type<AlertWatch>().notNull(),
    /** User ids; a deleted user's id stays here but is left out when the alert is read or matched. */
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('alerts_campaign_idx').on(table.campaignId, table.id)],
);

/**
 * The conversations each alert currently matches: a row is written when an evaluation starts matching (and its
 * notifications sent) and removed when it stops, so a match notifies once until it stops and starts again.
 */
export const alertMatches = pgTable(
  'alert_matches',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.alertId, table.conversationId] }),
    index('alert_matches_conversation_idx').on(table.conversationId),
  ],
);

/** A question asked of every conversation of a campaign (contract `CustomAnalysis`); listed by id (creation order). */
export const customAnalyses = pgTable(
  'custom_analyses',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    question: text('question').notNull(),
    type: text('type').$type<CustomAnalysisType>().notNull(),
    options: jsonb('options').$type<string[]>(),
    rules: jsonb('rules').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [index('custom_analyses_campaign_idx').on(table.campaignId, table.id)],
);

/** A conversation's answer to a custom analysis, written by the analysis job; one per conversation and analysis. */
export const customAnalysisResults = pgTable(
  'custom_analysis_results',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => customAnalyses.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<CustomAnalysisValue>(),
    engine: text('engine', { enum: ['rules', 'llm'] }).notNull(),
    evidenceTurn: integer('evidence_turn'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.analysisId] }),
    // The distributions read one analysis's answers.
    index('custom_analysis_results_analysis_idx').on(table.analysisId),
  ],
);

/**
 * A test call (spec §7): the test conversation a recording or transcript sent to try the campaign's grid became,
 * with the file's name and who sent it. Its id is the conversation's.
 */
export const testCalls = pgTable(
  'test_calls',
  {
    conversationId: uuid('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    source: text('source').$type<TestCallSource>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // The campaign's list, newest first.
  (table) => [index('test_calls_campaign_idx').on(table.campaignId, table.createdAt)],
);

/**
 * A coaching plan: what a coach asks one agent to work on (contract `CoachingPlan`). Its organisation is the
 * agent's, copied so that a coach's lists need no join; the agent acknowledges it once (the time is kept).
 */
export const coachingPlans = pgTable(
  'coaching_plans',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    notes: text('notes').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('coaching_plans_organisation_idx').on(table.organisationId, table.agentId),
    index('coaching_plans_agent_idx').on(table.agentId),
  ],
);

/** A grid item a plan focuses on, with its goal: the score to reach and by when (both optional). */
export const coachingFocusItems = pgTable(
  'coaching_focus_items',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => coachingPlans.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    /** The order the coach listed them in. */
    position: integer('position').notNull(),
    targetScore: real('target_score'),
    dueDate: date('due_date', { mode: 'string' }),
  },
  (table) => [primaryKey({ columns: [table.planId, table.itemId] })],
);

/** A conversation of the agent attached to a plan as an example, with the coach's note on it. */
export const coachingExamples = pgTable(
  'coaching_examples',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => coachingPlans.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.planId, table.conversationId] }),
    index('coaching_examples_conversation_idx').on(table.conversationId),
  ],
);

/** A campaign's sampling rule for the review queue (decision 0202); its reviewers are in review_rule_reviewers. */
export const reviewRules = pgTable(
  'review_rules',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The order the rules are listed and applied in. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull(),
    filters: jsonb('filters').$type<ReviewRuleFilters>().notNull(),
    quota: jsonb('quota').$type<ReviewQuota>().notNull(),
    dueInDays: integer('due_in_days').notNull(),
    /**
     * The start of the last period whose opening the period pass handled for this rule (its closed period's pending
     * assignments expired, its agents' quotas refilled); null before its first pass (decision 0205).
     */
    periodPassedFor: timestamp('period_passed_for', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('review_rules_campaign_idx').on(table.campaignId, table.position)],
);

/** Who a rule spreads its conversations over. */
export const reviewRuleReviewers = pgTable(
  'review_rule_reviewers',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => reviewRules.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.ruleId, table.userId] }),
    index('review_rule_reviewers_user_idx').on(table.userId),
  ],
);

/** Where an assignment stands in a queue: by due time, none last (the `id` breaks ties). */
export const queueOrder = (dueAt: AnyPgColumn) => sql`coalesce(${dueAt}, 'infinity'::timestamptz)`;

/**
 * A conversation given to a reviewer, by a rule or by hand (no rule). No reviewer: back in its rule's pool. A rule
 * gives a conversation once.
 */
export const reviewAssignments = pgTable(
  'review_assignments',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    ruleId: uuid('rule_id').references(() => reviewRules.id, { onDelete: 'set null' }),
    status: text('status').$type<ReviewAssignmentStatus>().notNull(),
    /** The start of the rule's period the conversation was sampled in; null when assigned by hand. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    skipReason: text('skip_reason'),
  },
  (table) => [
    unique('review_assignments_rule_conversation').on(table.ruleId, table.conversationId),
    // The queues' order (due time, none last, then id) as the keyset pages walk it (decision 0217).
    index('review_assignments_reviewer_idx').on(
      table.reviewerId,
      table.status,
      queueOrder(table.dueAt),
      table.id,
    ),
    index('review_assignments_campaign_idx').on(
      table.campaignId,
      table.status,
      queueOrder(table.dueAt),
      table.id,
    ),
    index('review_assignments_conversation_idx').on(table.conversationId),
  ],
);

/**
 * The audit log (decision 0226): append-only, one row per security- or quality-relevant action. Each row's hash
 * covers its content and the previous row's hash of the same organisation; `sequence` numbers an organisation's
 * rows from 1 without gaps, appended under an advisory lock per organisation so that instances never fork the chain.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    actorType: text('actor_type').$type<AuditActorType>().notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').$type<AuditTargetType>(),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    details: jsonb('details').$type<AuditDetails>().notNull().default({}),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    uniqueIndex('audit_log_organisation_sequence_unique').on(table.organisationId, table.sequence),
    // The page's order (newest first by id, UUID v7) within an organisation.
    index('audit_log_organisation_id_idx').on(table.organisationId, table.id),
  ],
);

/**
 * An organisation's API keys (decision 0227): the key is shown once and kept as its SHA-256; each use counts in
 * the key's current one-minute window, read and written by the same statement that authenticates it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
    windowRequests: integer('window_requests').notNull().default(0),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_unique').on(table.keyHash),
    index('api_keys_organisation_idx').on(table.organisationId, table.createdAt),
  ],
);
