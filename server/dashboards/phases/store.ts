// The phases' average durations' SQL: each analysed conversation's phases unnested and averaged per phase name in
// the database, calls apart from chats and emails; phases listed in the order conversations go through them.
import { and, eq, sql } from 'drizzle-orm';
import type { PhasesAverageDuration } from '../../../contract/conversation-phases';
import type { Database } from '../../db/client';
import { conversations } from '../../db/schema';
import { inGraphScope, type GraphScope } from '../graphs/scope';

const isCall = sql`${conversations.type} = 'call'`;
const isWritten = sql`${conversations.type} <> 'call'`;
const duration = sql`(phase.value ->> 'duration_s')::float8`;

/** The scope's analysed conversations: the averages' and the total's condition. */
const analysedIn = (scope: GraphScope) => and(inGraphScope(scope), eq(conversations.status, 'ready'));

/** One row per phase name with its counts and averages, calls apart from chats and emails. */
export function phasesAverageDurationQuery(db: Database, scope: GraphScope) {
  return db
    .select({
      name: sql<string>`phase.value ->> 'name'`,
      calls: sql<number>`(count(*) filter (where ${isCall}))::int`,
      callDuration: sql<number | null>`avg(${duration}) filter (where ${isCall})`,
      written: sql<number>`(count(*) filter (where ${isWritten}))::int`,
      writtenTurns: sql<number | null>`avg((phase.value ->> 'turns')::float8) filter (where ${isWritten})`,
      writtenElapsed: sql<number | null>`avg(${duration}) filter (where ${isWritten})`,
    })
    .from(
      sql`${conversations} cross join lateral jsonb_array_elements(${conversations.phases}) with ordinality as phase(value, position)`,
    )
    .where(analysedIn(scope))
    .groupBy(sql`phase.value ->> 'name'`)
    .orderBy(sql`avg(phase.position)`, sql`(phase.value ->> 'name') collate "C"`);
}

export async function findPhasesAverageDuration(
  db: Database,
  scope: GraphScope,
): Promise<PhasesAverageDuration> {
  const [rows, [total]] = await Promise.all([
    phasesAverageDurationQuery(db, scope),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(conversations)
      .where(analysedIn(scope)),
  ]);
  const average = (value: number | null) => (value === null ? null : Number(value));
  return {
    conversations: total?.count ?? 0,
    phases: rows.map((row) => ({
      name: row.name,
      calls: { conversations: row.calls, average_duration_s: average(row.callDuration) },
      chats_and_emails: {
        conversations: row.written,
        average_turns: average(row.writtenTurns),
        average_elapsed_s: average(row.writtenElapsed),
      },
    })),
  };
}
