// Test calls' SQL: the record stored with a test conversation, a campaign's test calls newest first, and one with
// its conversation, evaluation and the jobs it went through.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TestCallSource } from '../../contract/test-calls';
import type { Database } from '../db/client';
import { conversations, evaluations, jobs, testCalls, users } from '../db/schema';
import { NotFound } from '../errors';

export async function insertTestCall(
  db: Database,
  record: {
    conversationId: string;
    campaignId: string;
    fileName: string;
    source: TestCallSource;
    createdBy: string;
  },
) {
  await db.insert(testCalls).values(record);
}

/** How many test calls a list shows: the newest. */
export const testCallListLimit = 50;

const summaryColumns = {
  id: testCalls.conversationId,
  campaignId: testCalls.campaignId,
  fileName: testCalls.fileName,
  source: testCalls.source,
  createdAt: testCalls.createdAt,
  createdBy: testCalls.createdBy,
  creatorName: users.name,
  status: conversations.status,
  statusReason: conversations.statusReason,
  statusDetail: conversations.statusDetail,
  evaluationStatus: evaluations.status,
  evaluationReason: evaluations.statusReason,
  mainScore: evaluations.mainScore,
  /** Whether a worker has taken up any of its jobs yet: until then it is queued. */
  started: sql<boolean>`exists (select 1 from ${jobs} where ${jobs.conversationId} = ${testCalls.conversationId}
    and ${jobs.startedAt} is not null)`,
};

const summaries = (db: Database) =>
  db
    .select(summaryColumns)
    .from(testCalls)
    .innerJoin(conversations, eq(conversations.id, testCalls.conversationId))
    .leftJoin(evaluations, eq(evaluations.conversationId, testCalls.conversationId))
    .leftJoin(users, eq(users.id, testCalls.createdBy));

export type TestCallSummaryRow = Awaited<ReturnType<typeof listTestCalls>>[number];

/** The campaign's newest test calls, newest first. */
export function listTestCalls(db: Database, campaignId: string) {
  return summaries(db)
    .where(eq(testCalls.campaignId, campaignId))
    .orderBy(desc(testCalls.createdAt), desc(testCalls.conversationId))
    .limit(testCallListLimit);
}

/** The jobs a test call went through, oldest first: when each was queued, started and ended. */
const jobsOf = (db: Database, conversationId: string) =>
  db
    .select({
      kind: jobs.kind,
      status: jobs.status,
      createdAt: jobs.createdAt,
      startedAt: jobs.startedAt,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(eq(jobs.conversationId, conversationId))
    .orderBy(jobs.createdAt);

export type TestCallJobRow = Awaited<ReturnType<typeof jobsOf>>[number];

/** The campaign's test call with its turns, evaluation and jobs; 404 when the campaign has none with this id. */
export async function findTestCall(db: Database, campaignId: string, id: string) {
  const [summary] = await summaries(db).where(
    and(eq(testCalls.campaignId, campaignId), eq(testCalls.conversationId, id)),
  );
  if (!summary) throw new NotFound('Test call');
  const [details] = await db
    .select({ turns: conversations.turns, evaluation: evaluations })
    .from(conversations)
    .leftJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .where(eq(conversations.id, id));
  return {
    summary,
    turns: details?.turns ?? [],
    evaluation: details?.evaluation ?? null,
    jobs: await jobsOf(db, id),
  };
}

export type TestCallRow = Awaited<ReturnType<typeof findTestCall>>;
