// What every route can reach: configuration, database, access tokens and refresh sessions, live hub, mailer and
// files, the conversation pipeline, the caches kept between requests, built once per app.
import type { Turn } from '../contract/conversations';
import type { AccessTokens } from './auth/access-tokens';
import type { RefreshSessions } from './auth/sessions-store';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { TranscriptionSetup } from './engines/transcription/availability';
import type { Draining } from './health/draining';
import type { LiveHub } from './live/hub';
import type { Mailer } from './mail/mailer';
import type { ExpiringCache } from './plugins/expiring-cache';
import type { PrincipalCache } from './plugins/principal-cache';
import type { FileStorage } from './storage/files';
import type { PlaybackUrls } from './storage/playback-urls';
import type { SignedUrls } from './storage/signed-urls';

/**
 * The steps of a conversation's work that features set going, each inside the transaction of the change that calls
 * for it, so the change and its next step land together or not at all. `server/jobs/pipeline.ts` writes the whole
 * order and implements this; features receive it (they never import `jobs/`) and never decide what follows.
 */
export interface ConversationPipeline {
  /**
   * The turns of a conversation as they are stored: redacted (server/redaction/) when its campaign has
   * `redact_at_ingestion`, a text's as it arrives and a call's transcript as it is written. Nothing unredacted is
   * written first, so nothing unredacted is left behind.
   */
  storedTurns(campaign: { redactAtIngestion: boolean }, turns: Turn[]): Turn[];
  /** New conversations: each one's first step (a call's transcription, a text's analysis). */
  afterIngestion(tx: Database, created: readonly { id: string; hasAudio: boolean }[]): Promise<void>;
  /** A person edited the transcript: the new text is analysed. */
  afterTranscriptEdit(tx: Database, conversationId: string): Promise<void>;
  /** A call's transcription launched again; resolves to its job, for the live message that says so. */
  relaunchTranscription(tx: Database, conversationId: string): Promise<{ id: string; kind: 'transcription' }>;
  /** What the analysis reads changed (topics, phases, custom analyses): these conversations are analysed again. */
  relaunchAnalysis(tx: Database, conversationIds: readonly string[]): Promise<void>;
  /** An evaluation (whole or some items) was queued, by a person or after the analysis: its job runs it. */
  launchEvaluation(tx: Database, conversationId: string): Promise<void>;
}

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  /**
   * What the dashboards, the exports and the conversation list read from: DATABASE_READ_URL's replica, else `db`.
   * It may lag the primary a moment; access is still checked on `db` (or the principal cache).
   */
  readDb: Database;
  tokens: AccessTokens;
  /** The signed-in users' accounts and campaign memberships, kept between requests. */
  principals: PrincipalCache;
  sessions: RefreshSessions;
  hub: LiveHub;
  mailer: Mailer;
  files: FileStorage;
  fileUrls: SignedUrls;
  /** Where a browser plays a recording from, once its access was checked (the bucket's own URL with S3). */
  playbackUrls: PlaybackUrls;
  /** The transcription engines found at start-up, and what /api/health says of them. */
  transcription: TranscriptionSetup;
  pipeline: ConversationPipeline;
  /** Set from the stop signal on: /readyz then answers 503. */
  draining: Draining;
  /**
   * The previous period's counts that review rules' per-agent quotas draw with, kept between evaluations
   * (`reviews/previous-period-counts.ts` makes and reads it).
   */
  previousPeriodCounts: ExpiringCache<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}
