// The KPIs' SQL: one aggregate over the scope's conversations and their evaluations per period, the range asked
// and the period of equal length just before it.
import { eq, sql } from 'drizzle-orm';
import type { GraphKpis } from '../../../contract/dashboard-graphs';
import type { Database } from '../../db/client';
import { conversations, evaluations } from '../../db/schema';
import { averageScoredMainScore, inGraphScope, negativeSentimentShare, type GraphScope } from './scope';

type Range = { start: number | undefined; end: number | undefined };
type Figures = Omit<GraphKpis, 'previous_period'>;
type Values = { [Name in keyof Figures]: number | null };

async function figuresOf(db: Database, scope: GraphScope, range: Range): Promise<Values> {
  const [row] = await db
    .select({
      conversations: sql<number>`count(*)::int`,
      evaluated: sql<number>`(count(*) filter (where ${evaluations.status} = 'done'))::int`,
      validated: sql<number>`(count(*) filter (where ${evaluations.validated}))::int`,
      average_score: averageScoredMainScore,
      average_duration_s: sql<
        number | null
      >`(avg(${conversations.durationSeconds}) filter (where ${conversations.durationSeconds} > 0))::float8`,
      negative_sentiment_share: negativeSentimentShare,
    })
    .from(conversations)
    .leftJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .where(inGraphScope(scope, range));
  if (!row) throw new Error('An aggregate answers one row');
  return row;
}

/** The period of equal length ending just before the range; null when the range is open. */
export function previousPeriod({ start, end }: Range) {
  if (start === undefined || end === undefined) return null;
  return { startTs: start - (end - start + 1), endTs: start - 1 };
}

export async function findKpis(db: Database, scope: GraphScope): Promise<GraphKpis> {
  const previous = previousPeriod(scope);
  const [current, before] = await Promise.all([
    figuresOf(db, scope, scope),
    previous ? figuresOf(db, scope, { start: previous.startTs, end: previous.endTs }) : null,
  ]);
  const figure = (name: keyof Values) => ({ value: current[name], previous: before ? before[name] : null });
  return {
    previous_period: previous,
    conversations: figure('conversations'),
    evaluated: figure('evaluated'),
    validated: figure('validated'),
    average_score: figure('average_score'),
    average_duration_s: figure('average_duration_s'),
    negative_sentiment_share: figure('negative_sentiment_share'),
  };
}
