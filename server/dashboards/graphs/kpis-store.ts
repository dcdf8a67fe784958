// The KPIs' SQL: one aggregate from the start of the previous period (of equal length, just before the range
// asked) to the end of the range, each figure counted twice with a filter on the period, so the rows are read once
// for both periods: the daily rollup's rows when it serves the scope, else the conversations and their evaluations.
import { eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { GraphKpis } from '../../../contract/dashboard-graphs';
import type { ConversationType } from '../../../contract/enums';
import type { Database } from '../../db/client';
import { conversations, evaluations } from '../../db/schema';
import type { Range } from '../../domain/day-ranges';
import { aggregateDays, averageScore, dailyFigures, servedByRollup } from './daily-figures-store';
import { averageScoredMainScore, inGraphScope, negativeSentimentShare, type GraphScope } from './scope-store';

/** The period of equal length ending just before the range; null when the range is open. */
export function previousPeriod({ start, end }: Range) {
  if (start === undefined || end === undefined) return null;
  return { startTs: start - (end - start + 1), endTs: start - 1 };
}

const ofType = (type: ConversationType) => sql`${conversations.type} = ${type}`;

/** The KPIs' figures counted among the rows of one period. */
const figuresAmong = (among: SQL) => ({
  conversations: sql<number>`(count(*) filter (where ${among}))::int`,
  evaluated: sql<number>`(count(*) filter (where ${among} and ${evaluations.status} = 'done'))::int`,
  validated: sql<number>`(count(*) filter (where ${among} and ${evaluations.validated}))::int`,
  average_score: averageScoredMainScore(among),
  average_call_duration_s: averageDuration(among, 'call'),
  average_chat_duration_s: averageDuration(among, 'chat'),
  average_email_first_response_s: sql<number | null>`(avg(${conversations.firstResponseSeconds})
    filter (where ${among}))::float8`,
  negative_sentiment_share: negativeSentimentShare(among),
  calls: sql<number>`(count(*) filter (where ${among} and ${ofType('call')}))::int`,
  chats: sql<number>`(count(*) filter (where ${among} and ${ofType('chat')}))::int`,
  emails: sql<number>`(count(*) filter (where ${among} and ${ofType('email')}))::int`,
});

/** The average duration of one type's conversations with a duration; an email's elapsed days never count. */
function averageDuration(among: SQL, type: ConversationType) {
  return sql<number | null>`(avg(${conversations.durationSeconds})
    filter (where ${among} and ${ofType(type)} and ${conversations.durationSeconds} > 0))::float8`;
}

type Figure = keyof ReturnType<typeof figuresAmong>;
const figureNames: Figure[] = [
  'conversations',
  'evaluated',
  'validated',
  'average_score',
  'average_call_duration_s',
  'average_chat_duration_s',
  'average_email_first_response_s',
  'negative_sentiment_share',
  'calls',
  'chats',
  'emails',
];

/** The KPIs' figures summed from the daily figures of one period. */
const dailyFiguresAmong = (among: SQL) => {
  const ofDailyType = (type: ConversationType) => sql`${among} and figures.type = ${type}`;
  return {
    conversations: sql`coalesce(sum(figures.conversations) filter (where ${among}), 0)::int`,
    evaluated: sql`coalesce(sum(figures.evaluated) filter (where ${among}), 0)::int`,
    validated: sql`coalesce(sum(figures.validated) filter (where ${among}), 0)::int`,
    average_score: averageScore(among),
    // numeric over numeric, as `avg` of integers divides its sum by its count.
    average_call_duration_s: sql`((sum(figures.duration_sum) filter (where ${ofDailyType('call')}))
      / nullif(sum(figures.timed) filter (where ${ofDailyType('call')}), 0))::float8`,
    average_chat_duration_s: sql`((sum(figures.duration_sum) filter (where ${ofDailyType('chat')}))
      / nullif(sum(figures.timed) filter (where ${ofDailyType('chat')}), 0))::float8`,
    average_email_first_response_s: sql`((sum(figures.first_response_sum) filter (where ${among}))
      / nullif(sum(figures.responded) filter (where ${among}), 0))::float8`,
    negative_sentiment_share: sql`(sum(figures.negative_sentiment) filter (where ${among}))::float8
      / nullif(sum(figures.with_sentiment) filter (where ${among}), 0)`,
    calls: sql`coalesce(sum(figures.conversations) filter (where ${ofDailyType('call')}), 0)::int`,
    chats: sql`coalesce(sum(figures.conversations) filter (where ${ofDailyType('chat')}), 0)::int`,
    emails: sql`coalesce(sum(figures.conversations) filter (where ${ofDailyType('email')}), 0)::int`,
  };
};

type Figures = Record<Figure, number | null>;

function kpisAnswer(
  previous: ReturnType<typeof previousPeriod>,
  current: Figures,
  before: Figures,
): GraphKpis {
  const figure = (name: Figure) => ({
    value: current[name],
    previous: previous ? before[name] : null,
  });
  const ofType = (name: Figure, count: Figure) => ({ ...figure(name), conversations: current[count] ?? 0 });
  return {
    previous_period: previous,
    conversations: figure('conversations'),
    evaluated: figure('evaluated'),
    validated: figure('validated'),
    average_score: figure('average_score'),
    average_call_duration_s: ofType('average_call_duration_s', 'calls'),
    average_chat_duration_s: ofType('average_chat_duration_s', 'chats'),
    average_email_first_response_s: ofType('average_email_first_response_s', 'emails'),
    negative_sentiment_share: figure('negative_sentiment_share'),
  };
}

/** The KPIs counted from the scope's conversations and evaluations. */
export async function kpisOfConversations(db: Database, scope: GraphScope): Promise<GraphKpis> {
  const previous = previousPeriod(scope);
  const started = previous && scope.start !== undefined ? new Date(scope.start * 1000) : null;
  const [row] = await db
    .select({
      current: figuresAmong(started ? gte(conversations.startedAt, started) : sql`true`),
      previous: figuresAmong(started ? lt(conversations.startedAt, started) : sql`false`),
    })
    .from(conversations)
    .leftJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .where(inGraphScope(scope, { start: previous?.startTs ?? scope.start, end: scope.end }));
  if (!row) throw new Error('An aggregate answers one row');
  return kpisAnswer(previous, row.current, row.previous);
}

/** The KPIs summed from the rollups (`byDays`): whole days, the edges' hours, and the minutes left. */
export async function kpisOfDays(db: Database, scope: GraphScope): Promise<GraphKpis> {
  const previous = previousPeriod(scope);
  const range: Range = { start: previous?.startTs ?? scope.start, end: scope.end };
  const columns = (period: string, among: SQL) =>
    Object.entries(dailyFiguresAmong(among)).map(
      ([name, figure]) => sql`${figure} as ${sql.raw(`${period}_${name}`)}`,
    );
  const [row] = await aggregateDays<Record<string, number | null>>(
    db,
    sql`select ${sql.join([...columns('current', sql`figures.current`), ...columns('previous', sql`not figures.current`)], sql`, `)}
      from (${dailyFigures(scope, range, previous ? scope.start : undefined)}) as figures`,
  );
  if (!row) throw new Error('An aggregate answers one row');
  const period = (name: string) =>
    Object.fromEntries(figureNames.map((figure) => [figure, row[`${name}_${figure}`] ?? null])) as Figures;
  return kpisAnswer(previous, period('current'), period('previous'));
}

export async function findKpis(db: Database, scope: GraphScope): Promise<GraphKpis> {
  return servedByRollup(scope) ? kpisOfDays(db, scope) : kpisOfConversations(db, scope);
}
