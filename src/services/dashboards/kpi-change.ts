// How a KPI moved since the previous period: counts and durations as a relative change, scores (0–100) and shares
// (0–1) as a difference in points, each with whether the move is good news; and which of the figures by conversation
// type apply to the range.
import type { GraphKpis } from '../../../contract/dashboard-graphs';

export type KpiName = Exclude<keyof GraphKpis, 'previous_period'>;

export interface KpiChange {
  /** A relative change (0.12 for +12 %) or a difference in points (4.5 for +4.5 points). */
  amount: number;
  unit: 'ratio' | 'points';
  /** Whether the move is good, bad, or neither (no move, or a figure that is neither better high nor low). */
  tone: 'good' | 'bad' | 'neutral';
}

/**
 * Which way is better for each figure, in the contract's order (tests/unit/dashboard-graphs.test.ts holds it to the
 * schema's, which the home does not load); durations are neither (a long call may be a thorough one), but a customer
 * waiting less for a first response is good news.
 */
const betterWhen: Record<KpiName, 'up' | 'down' | null> = {
  conversations: null,
  evaluated: 'up',
  validated: 'up',
  average_score: 'up',
  average_call_duration_s: null,
  average_chat_duration_s: null,
  average_email_first_response_s: 'down',
  negative_sentiment_share: 'down',
};

/** The figures, in the contract's order. */
export const kpiNames = Object.keys(betterWhen) as KpiName[];

/** The figures of one conversation type each (with their type's count), which the cards show together. */
export const typeKpiNames = [
  'average_call_duration_s',
  'average_chat_duration_s',
  'average_email_first_response_s',
] as const satisfies readonly KpiName[];
export type TypeKpiName = (typeof typeKpiNames)[number];

/** Whether the figure is one of a conversation type. */
export const isTypeKpi = (name: KpiName): name is TypeKpiName =>
  (typeKpiNames as readonly KpiName[]).includes(name);

/** The type figures whose type the range holds conversations of, in the contract's order. */
export const presentTypeKpis = (kpis: GraphKpis): TypeKpiName[] =>
  typeKpiNames.filter((name) => kpis[name].conversations > 0);

/** The change of `name` from `previous` to `value`; null when either is missing or a ratio has no base. */
export function kpiChange(name: KpiName, { value, previous }: GraphKpis[KpiName]): KpiChange | null {
  if (value === null || previous === null) return null;
  let amount: number;
  let unit: KpiChange['unit'];
  if (name === 'average_score') [amount, unit] = [value - previous, 'points'];
  else if (name === 'negative_sentiment_share') [amount, unit] = [(value - previous) * 100, 'points'];
  else if (previous === 0) return null;
  else [amount, unit] = [(value - previous) / previous, 'ratio'];
  const better = betterWhen[name];
  const tone =
    amount === 0 || better === null ? 'neutral' : amount > 0 === (better === 'up') ? 'good' : 'bad';
  return { amount, unit, tone };
}
