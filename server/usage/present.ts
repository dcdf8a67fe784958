// The usage report as the API answers it: the sums of each grouping folded into figures (one per kind, tokens
// from the provider calls), test conversations' usage apart.
import {
  noUsageFigures,
  type OrganisationUsage,
  type UsageFeature,
  type UsageFigures,
  type UsageGrouping,
} from '../../contract/usage';
import { humanOrder } from '../db/lists';
import type { UsageSum } from './report-store';

/** Adds one sum to the figures: its quantity to its kind's figure, its tokens to the tokens'. */
function add(figures: UsageFigures, sum: UsageSum): void {
  switch (sum.kind) {
    case 'conversation':
      figures.conversations += sum.quantity;
      break;
    case 'transcription':
      figures.audio_seconds += sum.quantity;
      break;
    case 'evaluation':
      figures.evaluations += sum.quantity;
      break;
    case 'llm_call':
      figures.llm_calls += sum.quantity;
      break;
    case 'translation':
      figures.translated_characters += sum.quantity;
      break;
  }
  figures.tokens_in += sum.tokensIn;
  figures.tokens_out += sum.tokensOut;
}

/** The figures of the sums, one entry per key, in the order the keys first came. */
function figuresBy<Key>(sums: readonly UsageSum[], keyOf: (sum: UsageSum) => Key): Map<Key, UsageFigures> {
  const byKey = new Map<Key, UsageFigures>();
  for (const sum of sums) {
    const key = keyOf(sum);
    let figures = byKey.get(key);
    if (!figures) byKey.set(key, (figures = noUsageFigures()));
    add(figures, sum);
  }
  return byKey;
}

/** How much a set of figures weighs, to list the largest first: provider tokens, then everything else. */
const weight = (figures: UsageFigures) =>
  figures.tokens_in + figures.tokens_out + figures.audio_seconds + figures.translated_characters;

export function toOrganisationUsage(
  sums: readonly UsageSum[],
  groupBy: UsageGrouping,
  names: ReadonlyMap<string, string>,
): OrganisationUsage {
  const of = (grouping: UsageSum['grouping'], test: boolean) =>
    sums.filter((sum) => sum.grouping === grouping && sum.test === test);
  const total = (test: boolean) =>
    figuresBy(of('campaign', test), () => 'all').get('all') ?? noUsageFigures();

  const real = figuresBy(of('campaign', false), (sum) => sum.campaignId);
  const test = figuresBy(of('campaign', true), (sum) => sum.campaignId);
  const campaignIds = [...new Set([...real.keys(), ...test.keys()])];
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));

  const engines = figuresBy(of('engine', false), (sum) =>
    JSON.stringify([sum.feature, sum.engine, sum.model]),
  );
  const periods = figuresBy(of('period', false), (sum) => sum.periodStart ?? '');

  return {
    group_by: groupBy,
    totals: total(false),
    test_totals: total(true),
    campaigns: campaignIds
      .map((id) => ({
        id,
        name: nameOf(id),
        figures: real.get(id) ?? noUsageFigures(),
        test_figures: test.get(id) ?? noUsageFigures(),
      }))
      .sort((a, b) => (a.name === null ? 1 : b.name === null ? -1 : humanOrder.compare(a.name, b.name))),
    engines: [...engines]
      .map(([key, figures]) => {
        const [feature, engine, model] = JSON.parse(key) as [UsageFeature, string, string | null];
        return { feature, engine, model, figures };
      })
      .sort((a, b) => weight(b.figures) - weight(a.figures) || b.figures.llm_calls - a.figures.llm_calls),
    series: [...periods]
      .map(([periodStart, figures]) => ({ period_start: periodStart, figures }))
      .sort((a, b) => a.period_start.localeCompare(b.period_start)),
  };
}
