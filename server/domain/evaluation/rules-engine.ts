// The local evaluation engine: answers a grid's items from a conversation's turns with each item's rules,
// deterministically, in any language the phrases are written in. Compile the grid once, then evaluate many
// conversations with it.
import type { ComposedValue, Grid, GridItem, ItemValue } from './grid';
import { gridItems } from './grid';
import { applyRule, compileRule, type CompiledRule, type Evidence, type RuleReason } from './rule';
import { readTurns, type RuleInputTurn } from './turns';

/**
 * Why the engine leaves an item unanswered: it has no rules; it is a multiple-levels item, which rules cannot
 * place on a level; it is a composed item one of whose sub-items has no rules (a partial answer would score the
 * item on the sub-items that happen to have rules).
 */
export type NotEvaluatedReason = 'no_rules' | 'levels_item' | 'sub_item_without_rules';

export interface SubItemResult {
  sub_item_id: string;
  value: 'yes' | 'no' | 'na';
  reason: RuleReason;
  evidence: Evidence[];
}

export type RulesItemResult =
  | { item_id: string; status: 'not_evaluated'; reason: NotEvaluatedReason }
  | {
      item_id: string;
      status: 'evaluated';
      type: 'binary_item';
      value: 'yes' | 'no' | 'na';
      reason: RuleReason;
      evidence: Evidence[];
    }
  | {
      item_id: string;
      status: 'evaluated';
      type: 'composed_item';
      value: ComposedValue;
      sub_items: SubItemResult[];
      /** Every sub-item's evidence, sub-item by sub-item. */
      evidence: Evidence[];
    };

type CompiledItem =
  | { kind: 'not_evaluated'; itemId: string; reason: NotEvaluatedReason }
  | { kind: 'binary'; itemId: string; rule: CompiledRule }
  | { kind: 'composed'; itemId: string; subItems: { id: string; rule: CompiledRule }[] };

export interface CompiledGrid {
  items: CompiledItem[];
}

function compileItem(item: GridItem): CompiledItem {
  if (item.type === 'multiple_levels_item')
    return { kind: 'not_evaluated', itemId: item.id, reason: 'levels_item' };
  if (item.type === 'binary_item') {
    return item.rules
      ? { kind: 'binary', itemId: item.id, rule: compileRule(item.rules, item.allow_na) }
      : { kind: 'not_evaluated', itemId: item.id, reason: 'no_rules' };
  }
  const subItems = item.sub_items ?? [];
  if (subItems.length === 0) return { kind: 'not_evaluated', itemId: item.id, reason: 'no_rules' };
  const compiled = subItems.flatMap((sub) =>
    sub.rules ? [{ id: sub.id, rule: compileRule(sub.rules, sub.allow_na) }] : [],
  );
  return compiled.length === subItems.length
    ? { kind: 'composed', itemId: item.id, subItems: compiled }
    : { kind: 'not_evaluated', itemId: item.id, reason: 'sub_item_without_rules' };
}

/** The grid's rules with their phrases normalised, ready for `evaluateByRules`. */
export function compileGrid(grid: Grid): CompiledGrid {
  return { items: gridItems(grid).map(compileItem) };
}

/** Every item of the grid answered (or left unanswered, with the reason) from the turns, in grid order. */
export function evaluateByRules(grid: CompiledGrid, turns: readonly RuleInputTurn[]): RulesItemResult[] {
  const read = readTurns(turns);
  return grid.items.map((item): RulesItemResult => {
    if (item.kind === 'not_evaluated')
      return { item_id: item.itemId, status: 'not_evaluated', reason: item.reason };
    if (item.kind === 'binary') {
      return {
        item_id: item.itemId,
        status: 'evaluated',
        type: 'binary_item',
        ...applyRule(item.rule, read),
      };
    }
    const subItems = item.subItems.map((sub) => ({ sub_item_id: sub.id, ...applyRule(sub.rule, read) }));
    return {
      item_id: item.itemId,
      status: 'evaluated',
      type: 'composed_item',
      value: Object.fromEntries(subItems.map((sub) => [sub.sub_item_id, sub.value])),
      sub_items: subItems,
      evidence: subItems.flatMap((sub) => sub.evidence),
    };
  });
}

/** The answers the engine gave, by item id, as the scoring reads them; unanswered items are left out. */
export function answersOf(results: readonly RulesItemResult[]): Map<string, ItemValue> {
  return new Map(
    results.flatMap((result) => (result.status === 'evaluated' ? [[result.item_id, result.value]] : [])),
  );
}
