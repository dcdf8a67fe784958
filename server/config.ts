// Reads the server's configuration from environment variables, with the defaults documented in the README.
import path from 'node:path';
import { z } from 'zod';
import type { JobKind } from '../contract/conversations';

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

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
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
  JOB_WORKER: booleanFlag.default(true),
  TRANSCRIPTION_BASE_URL: z.url().optional(),
  TRANSCRIPTION_API_KEY: z.string().optional(),
  TRANSCRIPTION_MODEL: z.string().trim().min(1).default('whisper-1'),
  TRANSCRIPTION_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(600),
  TRANSCRIPTION_CONCURRENCY: z.coerce.number().int().min(1).max(32).optional(),
  ...chatProviderVariables('AI'),
  ...chatProviderVariables('ANALYSIS'),
  ...chatProviderVariables('TRANSLATION'),
});

/**
 * `<PREFIX>_BASE_URL`, `_API_KEY` and `_MODEL`: an OpenAI-compatible endpoint (base URL up to `/v1`). Empty
 * values count as unset.
 */
function chatProviderVariables<Prefix extends string>(prefix: Prefix) {
  const optionalUrl: z.ZodType<string | undefined> = z.url().or(z.literal('')).optional();
  const optionalText: z.ZodType<string | undefined> = z.string().trim().optional();
  return {
    [`${prefix}_BASE_URL`]: optionalUrl,
    [`${prefix}_API_KEY`]: optionalText,
    [`${prefix}_MODEL`]: optionalText,
  } as Record<`${Prefix}_BASE_URL` | `${Prefix}_API_KEY` | `${Prefix}_MODEL`, typeof optionalText>;
}

type Environment = z.infer<typeof environmentSchema>;

/**
 * The chat provider an engine uses: its own variables, each falling back on the shared `AI_*` one; null (the
 * local engine) without a base URL. A base URL without a model is a configuration mistake.
 */
function chatProvider(env: Environment, prefix: 'ANALYSIS' | 'TRANSLATION'): ChatProviderConfig | null {
  const baseUrl = env[`${prefix}_BASE_URL`] || env.AI_BASE_URL;
  if (!baseUrl) return null;
  const model = env[`${prefix}_MODEL`] || env.AI_MODEL;
  if (!model)
    throw new Error(`Invalid configuration:\n  ${prefix}_MODEL (or AI_MODEL) is required with a base URL`);
  return {
    baseUrl: baseUrl.replace(/\/$/, ''),
    apiKey: env[`${prefix}_API_KEY`] || env.AI_API_KEY || undefined,
    model,
  };
}

/** An OpenAI-compatible chat completions endpoint. */
export interface ChatProviderConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

export interface Config {
  port: number;
  host: string;
  /** Origin and path under which browsers reach the app; redirects and mail links are built from it. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
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
  jobs: {
    /** Whether this process runs the background jobs (tests that drive the queue themselves turn it off). */
    enabled: boolean;
    /** How many jobs of each kind run at once in this process. */
    concurrency: Record<JobKind, number>;
  };
  /** The OpenAI-compatible `/audio/transcriptions` provider; null: the local engine (English only). */
  transcriptionProvider: TranscriptionProviderConfig | null;
  /** The analysis engine's provider (sentiment, topics, language); null: the local lexicon engine. */
  analysisProvider: ChatProviderConfig | null;
  /** The translation engine's provider; null: the local engine (apertium). */
  translationProvider: ChatProviderConfig | null;
}

export interface TranscriptionProviderConfig {
  /** Up to the API version, e.g. `https://api.openai.com/v1`; requests go to `<baseUrl>/audio/transcriptions`. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutSeconds: number;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL || undefined,
    seed: env.SEED,
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    coachingUsers: env.COACHING_USERS,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    jobs: {
      enabled: env.JOB_WORKER,
      // The local recogniser takes a whole core per job; a provider's work is done elsewhere.
      concurrency: {
        transcription: env.TRANSCRIPTION_CONCURRENCY ?? (env.TRANSCRIPTION_BASE_URL ? 4 : 1),
        analysis: 2,
      },
    },
    transcriptionProvider: env.TRANSCRIPTION_BASE_URL
      ? {
          baseUrl: env.TRANSCRIPTION_BASE_URL.replace(/\/$/, ''),
          apiKey: env.TRANSCRIPTION_API_KEY || undefined,
          model: env.TRANSCRIPTION_MODEL,
          timeoutSeconds: env.TRANSCRIPTION_TIMEOUT,
        }
      : null,
    analysisProvider: chatProvider(env, 'ANALYSIS'),
    translationProvider: chatProvider(env, 'TRANSLATION'),
  };
}
