// The phases' average durations' SQL: each analysed conversation's phases unnested and averaged per phase name in
// the database, calls apart from chats and emails; phases listed in the order conversations go through them.
import { and, eq, sql } from 'drizzle-orm';
import type { PhasesAverageDuration } from '../../../contract/conversation-phases';
import type { Database } from '../../db/client';
import { conversations } from '../../db/schema';
import { inGraphScope, type GraphScope } from '../graph-scope';

const isCall = sql`${conversations.type} = 'call'`;
const isWritten = sql`${conversations.type} <> 'call'`;
const duration = sql`(phase.value ->> 'duration_s')::float8`;

export async function findPhasesAverageDuration(
  db: Database,
  scope: GraphScope,
): Promise<PhasesAverageDuration> {
  const analysed = and(inGraphScope(scope), eq(conversations.status, 'ready'));
  const [rows, [total]] = await Promise.all([
    db
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
      .where(analysed)
      .groupBy(sql`phase.value ->> 'name'`)
      .orderBy(sql`avg(phase.position)`, sql`(phase.value ->> 'name') collate "C"`),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(conversations)
      .where(analysed),
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
