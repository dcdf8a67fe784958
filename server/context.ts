// What every route can reach: configuration, database, access tokens and refresh sessions, live hub, mailer and files, built once per app.
import type { AccessTokens } from './auth/access-tokens';
import type { RefreshSessions } from './auth/sessions-store';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { TranscriptionSetup } from './engines/transcription/availability';
import type { LiveHub } from './live/hub';
import type { Mailer } from './mail/mailer';
import type { FileStorage } from './storage/files';
import type { SignedUrls } from './storage/signed-urls';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: AccessTokens;
  sessions: RefreshSessions;
  hub: LiveHub;
  mailer: Mailer;
  files: FileStorage;
  fileUrls: SignedUrls;
  /** The transcription engines found at start-up, and what /api/health says of them. */
  transcription: TranscriptionSetup;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}
