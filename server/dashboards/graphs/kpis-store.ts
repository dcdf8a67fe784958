// The KPIs' SQL: one aggregate over the scope's conversations and their evaluations from the start of the
// previous period (of equal length, just before the range asked) to the end of the range, each figure counted
// twice with a filter on the period, so the conversations and evaluations are read once for both periods.
import { eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { GraphKpis } from '../../../contract/dashboard-graphs';
import type { Database } from '../../db/client';
import { conversations, evaluations } from '../../db/schema';
import { averageScoredMainScore, inGraphScope, negativeSentimentShare, type GraphScope } from './scope';

type Range = { start: number | undefined; end: number | undefined };

/** The period of equal length ending just before the range; null when the range is open. */
export function previousPeriod({ start, end }: Range) {
  if (start === undefined || end === undefined) return null;
  return { startTs: start - (end - start + 1), endTs: start - 1 };
}

/** The KPIs' figures counted among the rows of one period. */
const figuresAmong = (among: SQL) => ({
  conversations: sql<number>`(count(*) filter (where ${among}))::int`,
  evaluated: sql<number>`(count(*) filter (where ${among} and ${evaluations.status} = 'done'))::int`,
  validated: sql<number>`(count(*) filter (where ${among} and ${evaluations.validated}))::int`,
  average_score: averageScoredMainScore(among),
  average_duration_s: sql<
    number | null
  >`(avg(${conversations.durationSeconds}) filter (where ${among} and ${conversations.durationSeconds} > 0))::float8`,
  negative_sentiment_share: negativeSentimentShare(among),
});
type Figure = keyof ReturnType<typeof figuresAmong>;
const figureNames: Figure[] = [
  'conversations',
  'evaluated',
  'validated',
  'average_score',
  'average_duration_s',
  'negative_sentiment_share',
];

export async function findKpis(db: Database, scope: GraphScope): Promise<GraphKpis> {
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
  const figure = (name: Figure) => ({
    value: row.current[name],
    previous: previous ? row.previous[name] : null,
  });
  return {
    previous_period: previous,
    ...(Object.fromEntries(figureNames.map((name) => [name, figure(name)])) as Record<
      Figure,
      ReturnType<typeof figure>
    >),
  };
}
