// The phases' average durations' SQL: each analysed conversation's phases unnested and averaged per phase name in
// the database, calls apart from chats and emails; phases listed in the order conversations go through them. When
// the scope has no topic or metadata filter, the whole days' phases are summed from the daily rollup
// (`dashboard_daily_phases`), the edges' hours from the hourly one, and only the minutes left are unnested.
import { and, eq, sql } from 'drizzle-orm';
import type { PhasesAverageDuration } from '../../contract/conversation-phases';
import type { Database } from '../db/client';
import { conversations, dashboardDailyPhases, dashboardHourlyPhases } from '../db/schema';
import {
  aggregateDays,
  byDays,
  dailyFigures,
  servedByRollup,
  startDay,
  type DailySource,
} from '../dashboards/graphs/daily-figures-store';
import { inGraphScope, type GraphScope } from '../dashboards/graphs/scope-store';

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

type PhaseRow = Awaited<ReturnType<typeof phasesAverageDurationQuery>>[number];

function phasesAnswer(total: number, rows: PhaseRow[]): PhasesAverageDuration {
  const average = (value: number | null) => (value === null ? null : Number(value));
  return {
    conversations: total,
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

/** The phases' averages counted from the scope's analysed conversations. */
export async function phasesAverageDurationOfConversations(
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
  return phasesAnswer(total?.count ?? 0, rows);
}

const phase = sql`phase.value`;

/** The phases' rollups, and their columns counted from the edges' analysed conversations. */
const phasesSource: DailySource = {
  daily: dashboardDailyPhases,
  hourly: dashboardHourlyPhases,
  keys: ['type', 'name'],
  figures: ['phases', 'position_sum', 'timed', 'seconds_sum', 'counted', 'turns_sum'],
  counted: (where, isCurrent) => sql`select ${startDay} as day, ${conversations.agentId} as agent_id,
      ${isCurrent} as current, ${conversations.type} as type, ${phase} ->> 'name' as name, count(*)::int as phases,
      sum(phase.position)::bigint as position_sum, count(${duration})::int as timed,
      coalesce(sum(${duration}), 0) as seconds_sum, count((${phase} ->> 'turns')::float8)::int as counted,
      coalesce(sum((${phase} ->> 'turns')::float8), 0) as turns_sum
    from ${conversations}
      cross join lateral jsonb_array_elements(${conversations.phases}) with ordinality as phase(value, position)
    where ${and(where, eq(conversations.status, 'ready'))} and ${phase} ->> 'name' is not null
    group by 1, 2, 3, 4, 5`,
};

/** The phases' averages summed from the rollups (`byDays`): days, the edges' hours and minutes. */
export async function phasesAverageDurationOfDays(
  db: Database,
  scope: GraphScope,
): Promise<PhasesAverageDuration> {
  const among = (kind: 'call' | 'written') =>
    kind === 'call' ? sql`figures.type = 'call'` : sql`figures.type <> 'call'`;
  const averageOf = (sum: string, count: string, kind: 'call' | 'written') =>
    sql`sum(figures.${sql.raw(sum)}) filter (where ${among(kind)})
      / nullif(sum(figures.${sql.raw(count)}) filter (where ${among(kind)}), 0)::float8`;
  const [rows, [total]] = await Promise.all([
    aggregateDays<PhaseRow>(
      db,
      sql`select figures.name,
          coalesce(sum(figures.phases) filter (where ${among('call')}), 0)::int as calls,
          ${averageOf('seconds_sum', 'timed', 'call')} as "callDuration",
          coalesce(sum(figures.phases) filter (where ${among('written')}), 0)::int as written,
          ${averageOf('turns_sum', 'counted', 'written')} as "writtenTurns",
          ${averageOf('seconds_sum', 'timed', 'written')} as "writtenElapsed"
        from (${byDays(phasesSource, scope)}) as figures
        group by figures.name
        having sum(figures.phases) > 0
        order by sum(figures.position_sum) / sum(figures.phases), figures.name collate "C"`,
    ),
    aggregateDays<{ count: number }>(
      db,
      sql`select coalesce(sum(figures.analysed), 0)::int as count from (${dailyFigures(scope)}) as figures`,
    ),
  ]);
  return phasesAnswer(total?.count ?? 0, rows);
}

export async function findPhasesAverageDuration(
  db: Database,
  scope: GraphScope,
): Promise<PhasesAverageDuration> {
  return (servedByRollup(scope) ? phasesAverageDurationOfDays : phasesAverageDurationOfConversations)(
    db,
    scope,
  );
}
