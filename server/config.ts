// Reads the server's configuration from environment variables, with the defaults documented in the README.
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean),
);

/**
 * Which connecting addresses are trusted proxies, in the forms Fastify's `trustProxy` takes: `true` (any),
 * `false` (none), a hop count, or a comma-separated list of addresses and CIDR ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value): boolean | number | string[] => {
    if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    return value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  });

const emptyAsUnset = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** A whole number in [min, max]; empty counts as unset. */
const optionalCount = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value) => {
      const text = emptyAsUnset(value);
      return text === undefined ? undefined : Number(text);
    })
    .pipe(z.number().int().min(min).max(max).optional());

type Text = z.ZodType<string | undefined, string | undefined>;
type Count = z.ZodType<number | undefined, string | undefined>;

/**
 * `<PREFIX>_BASE_URL`, `_API_KEY`, `_MODEL` and `_TIMEOUT` (seconds): an OpenAI-compatible endpoint (base URL up to
 * `/v1`). Empty values count as unset.
 */
function providerVariables<Prefix extends string>(prefix: Prefix) {
  const text = z.string().optional().transform(emptyAsUnset);
  return {
    [`${prefix}_BASE_URL`]: text.pipe(z.url().optional()),
    [`${prefix}_API_KEY`]: text,
    [`${prefix}_MODEL`]: text,
    [`${prefix}_TIMEOUT`]: optionalCount(1, 3600),
  } as Record<`${Prefix}_${'BASE_URL' | 'API_KEY' | 'MODEL'}`, Text> & Record<`${Prefix}_TIMEOUT`, Count>;
}

/** An engine's provider variables and `<PREFIX>_CONCURRENCY`, how much of its work runs at once. */
function engineVariables<Prefix extends string>(prefix: Prefix) {
  return {
    ...providerVariables(prefix),
    [`${prefix}_CONCURRENCY`]: optionalCount(1, 32),
  } as ReturnType<typeof providerVariables<Prefix>> & Record<`${Prefix}_CONCURRENCY`, Count>;
}

/**
 * PostgreSQL connections a server holds at most (LISTEN takes its own): above the requests one instance serves at
 * once, so that none waits for a connection (decision 0189); each instance holds this many of PostgreSQL's
 * `max_connections` (100 by default).
 */
export const databasePoolSize = 20;

const objectStorageVariableNames = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** `S3_*`: an S3-compatible store (AWS S3, MinIO, Ceph, Garage, R2…). Empty values count as unset. */
const objectStorageVariables = (() => {
  const text = z.string().optional().transform(emptyAsUnset);
  return {
    S3_ENDPOINT: text.pipe(
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    ),
    // Bucket names as S3 allows them: 3 to 63 lower-case letters, digits, dots and dashes.
    S3_BUCKET: text.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 a-z, 0-9, dots, dashes)')
        .optional(),
    ),
    S3_REGION: text.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]+$/, 'must be a region name (e.g. eu-west-3)')
        .optional(),
    ),
    S3_ACCESS_KEY_ID: text,
    S3_SECRET_ACCESS_KEY: text,
    S3_FORCE_PATH_STYLE: text.pipe(booleanFlag.optional()),
  } satisfies Record<(typeof objectStorageVariableNames)[number], z.ZodType>;
})();

/**
 * What a process does: `web` serves the app and the API and runs no job; `worker` runs the jobs and the periodic
 * work and answers only `/healthz` and `/readyz` (on HEALTH_PORT); `all`, one process doing both (`npm start`).
 */
export const processRoles = ['web', 'worker', 'all'] as const;
export type ProcessRole = (typeof processRoles)[number];

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_LISTEN_URL: z.string().optional().transform(emptyAsUnset),
  DATABASE_READ_URL: z.string().optional().transform(emptyAsUnset),
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(databasePoolSize),
  SEED: booleanFlag.default(true),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(900).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Quality Monitoring <no-reply@quality-monitoring.local>'),
  COACHING_USERS: commaList.default(['supervisor@demo.local']),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  QM_ROLE: z.enum(processRoles).default('all'),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  JOB_LEASE: z.coerce.number().int().min(5).max(3600).default(60),
  SHUTDOWN_DELAY: z.coerce.number().int().min(0).max(300).default(0),
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(600),
  ...objectStorageVariables,
  ...providerVariables('AI'),
  ...engineVariables('TRANSCRIPTION'),
  ...engineVariables('ANALYSIS'),
  ...engineVariables('TRANSLATION'),
  ...engineVariables('EVALUATION'),
});

type Environment = z.infer<typeof environmentSchema>;

/** The S3-compatible store the files go to (S3_*); null: the local disk (DATA_DIR/files). */
function objectStorageConfig(env: Environment): ObjectStorageConfig | null {
  const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: accessKeyId } = env;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  const problems: string[] = [];
  const others = objectStorageVariableNames.filter((name) => name !== 'S3_BUCKET' && env[name] !== undefined);
  if (!bucket && others.length > 0) problems.push(`S3_BUCKET is required with ${others.join(', ')}`);
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined))
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  if (!bucket) return null;
  return {
    bucket,
    endpoint: endpoint?.replace(/\/$/, ''),
    region: env.S3_REGION ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
  };
}

/**
 * The role's checks across variables: the health port is a worker's alone, the other database URLs need
 * DATABASE_URL, and JOB_WORKER (before QM_ROLE) is refused rather than ignored.
 */
function checkProcessVariables(env: Environment, environment: NodeJS.ProcessEnv) {
  const problems: string[] = [];
  if (env.HEALTH_PORT !== undefined && env.QM_ROLE !== 'worker')
    problems.push('HEALTH_PORT is the port of a worker process: it needs QM_ROLE=worker');
  for (const name of ['DATABASE_LISTEN_URL', 'DATABASE_READ_URL'] as const)
    if (env[name] !== undefined && !env.DATABASE_URL) problems.push(`${name} needs DATABASE_URL`);
  if (environment.JOB_WORKER !== undefined)
    problems.push('JOB_WORKER: replaced by QM_ROLE (web: no jobs, worker: jobs only, all: both)');
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

export const engineNames = ['transcription', 'analysis', 'translation', 'evaluation'] as const;
export type EngineName = (typeof engineNames)[number];

/**
 * What each engine takes from the shared `AI_*` variables when its own are unset. The chat engines share
 * everything but the concurrency. Transcription shares nothing but the key: a chat endpoint (Ollama, Mistral,
 * vLLM serving a chat model) usually has no `/audio/transcriptions`, a chat model is no transcription model, and
 * a chat time-out is too short for an hour of audio. The key follows the base URL (`apiKeyOf`).
 */
const engineRules: Record<
  EngineName,
  {
    sharesEndpoint: boolean;
    defaultModel: string | null;
    timeoutSeconds: number;
    concurrency: { local: number; provider: number };
  }
> = {
  // The local recogniser takes a whole core per call; a provider's work is done elsewhere.
  transcription: {
    sharesEndpoint: false,
    defaultModel: 'whisper-1',
    timeoutSeconds: 600,
    concurrency: { local: 1, provider: 4 },
  },
  analysis: {
    sharesEndpoint: true,
    defaultModel: null,
    timeoutSeconds: 120,
    concurrency: { local: 2, provider: 4 },
  },
  translation: {
    sharesEndpoint: true,
    defaultModel: null,
    timeoutSeconds: 120,
    concurrency: { local: 2, provider: 4 },
  },
  evaluation: {
    sharesEndpoint: true,
    defaultModel: null,
    timeoutSeconds: 120,
    concurrency: { local: 2, provider: 4 },
  },
};

const originOf = (url: string | undefined) => (url ? new URL(url).origin : undefined);

/**
 * The engine's key: its own, else `AI_API_KEY` when the engine talks to `AI_BASE_URL`'s origin, so that a key is
 * never sent to a host it was not given for.
 */
function apiKeyOf(env: Environment, prefix: Uppercase<EngineName>, baseUrl: string): string | undefined {
  const own = env[`${prefix}_API_KEY`];
  if (own) return own;
  return originOf(baseUrl) === originOf(env.AI_BASE_URL) ? env.AI_API_KEY : undefined;
}

/** An engine's provider (null: its local engine) and how much of its work runs at once in this process. */
function engineConfig(env: Environment, engine: EngineName): EngineConfig {
  const rule = engineRules[engine];
  const prefix = engine.toUpperCase() as Uppercase<EngineName>;
  const shared = rule.sharesEndpoint;
  const baseUrl = env[`${prefix}_BASE_URL`] ?? (shared ? env.AI_BASE_URL : undefined);
  const concurrency = env[`${prefix}_CONCURRENCY`];
  if (!baseUrl) return { provider: null, concurrency: concurrency ?? rule.concurrency.local };
  const model = env[`${prefix}_MODEL`] ?? (shared ? env.AI_MODEL : undefined) ?? rule.defaultModel;
  if (!model)
    throw new Error(`Invalid configuration:\n  ${prefix}_MODEL (or AI_MODEL) is required with a base URL`);
  return {
    provider: {
      baseUrl: baseUrl.replace(/\/$/, ''),
      apiKey: apiKeyOf(env, prefix, baseUrl),
      model,
      timeoutSeconds:
        env[`${prefix}_TIMEOUT`] ?? (shared ? env.AI_TIMEOUT : undefined) ?? rule.timeoutSeconds,
    },
    concurrency: concurrency ?? rule.concurrency.provider,
  };
}

/** An OpenAI-compatible endpoint an engine uses: chat completions, or `/audio/transcriptions`. */
export interface ProviderConfig {
  /** Up to the API version, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** How long one request may take before it counts as failed (and is retried). */
  timeoutSeconds: number;
}

export interface EngineConfig {
  /** Null: the local engine. */
  provider: ProviderConfig | null;
  /** Jobs (transcription, analysis, evaluation) or requests (translation) of the engine at once in this process. */
  concurrency: number;
}

/** An S3-compatible bucket and how to reach it. */
export interface ObjectStorageConfig {
  bucket: string;
  /** The store's URL; undefined: AWS S3 in `region`. */
  endpoint: string | undefined;
  region: string;
  /** Undefined: the AWS SDK's default chain (environment, instance or task role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (`host/bucket/key`), as MinIO and most self-hosted stores want, not in the host name. */
  forcePathStyle: boolean;
}

export interface Config {
  /** What the process listens on: PORT, or HEALTH_PORT (default PORT) for a worker. */
  port: number;
  host: string;
  /** Origin and path under which browsers reach the app; redirects and mail links are built from it. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where LISTEN connects: PostgreSQL itself when DATABASE_URL goes through a transaction-mode pooler. */
  databaseListenUrl: string | undefined;
  /** A replica the dashboards, the exports and the conversation list read from; undefined: the primary. */
  databaseReadUrl: string | undefined;
  /**
   * Whether fixed-shape queries are named prepared statements (decision 0191); false behind a transaction-mode
   * PgBouncer, where a statement prepared on one server connection is unknown to the next (decision 0223).
   */
  databasePreparedStatements: boolean;
  /** The most connections the PostgreSQL pool opens (DATABASE_POOL_SIZE); PGlite has one. */
  databasePoolSize: number;
  seed: boolean;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Lower-cased emails or ids of the users who see the Coaching entry. */
  coachingUsers: string[];
  logLevel: string;
  /**
   * Proxies whose X-Forwarded-For is believed (for the client address the login lock-out keys on, and the
   * logs); false: the connecting address is the client.
   */
  trustProxy: boolean | number | string[];
  /**
   * Seconds between the stop signal and the start of the drain, while /readyz answers 503 and requests are still
   * served: long enough for a load balancer's health checks to take the process out (0 by default).
   */
  shutdownDelaySeconds: number;
  /** Web (app and API, no jobs), worker (jobs, health port only) or all (both, as `npm start`). */
  role: ProcessRole;
  /** How long a worker's claim holds a job: a job of a worker that died waits this long before another runs it. */
  jobLeaseSeconds: number;
  /** Requests an API key may make per minute, shared by every instance (API_KEY_RATE_LIMIT); then 429. */
  apiKeyRequestsPerMinute: number;
  /** Each engine's provider and concurrency (see the README's configuration tables). */
  engines: Record<EngineName, EngineConfig>;
  /** Where files (audio, logos) are kept: an S3-compatible store, or null for DATA_DIR/files. */
  objectStorage: ObjectStorageConfig | null;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  checkProcessVariables(env, environment);
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: env.QM_ROLE === 'worker' ? (env.HEALTH_PORT ?? env.PORT) : env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl,
    databaseListenUrl: env.DATABASE_LISTEN_URL ?? databaseUrl,
    databaseReadUrl: env.DATABASE_READ_URL,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    seed: env.SEED,
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    coachingUsers: env.COACHING_USERS,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    shutdownDelaySeconds: env.SHUTDOWN_DELAY,
    role: env.QM_ROLE,
    jobLeaseSeconds: env.JOB_LEASE,
    apiKeyRequestsPerMinute: env.API_KEY_RATE_LIMIT,
    engines: {
      transcription: engineConfig(env, 'transcription'),
      analysis: engineConfig(env, 'analysis'),
      translation: engineConfig(env, 'translation'),
      evaluation: engineConfig(env, 'evaluation'),
    },
    objectStorage: objectStorageConfig(env),
  };
}
