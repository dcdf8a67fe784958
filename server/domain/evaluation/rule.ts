// One item's rules applied to a conversation's turns: the window first, then the speaker, then the phrases.
import type { BinaryValue, ItemRules, RuleSpeaker } from './grid';
import { firstPhraseIn, matchingPhrases, type Phrase } from './matching';
import type { ReadTurn } from './turns';

/** A turn that shows why the answer is what it is. */
export interface Evidence {
  /** 1-based turn number. */
  turn: number;
  text: string;
  /** The rule's phrase found in the turn, as written in the grid. */
  phrase: string;
  /** Seconds from the start of the recording, for calls with audio. */
  start?: number;
  end?: number;
}

/**
 * Why the rules gave their answer: a phrase was `found` (yes) or `not_found` (no); with `absent`, none was
 * found (`absent`, yes) or one was (`present`, no); `na_condition_not_found`: none of `na_unless_any_of` occurs.
 */
export type RuleReason = 'found' | 'not_found' | 'absent' | 'present' | 'na_condition_not_found';

export interface RuleOutcome {
  value: BinaryValue;
  reason: RuleReason;
  evidence: Evidence[];
}

export interface CompiledRule {
  anyOf: Phrase[];
  /** Null when the item cannot be `na` or has no condition for it. */
  naUnlessAnyOf: Phrase[] | null;
  speaker: RuleSpeaker;
  firstTurns: number | null;
  lastTurns: number | null;
  absent: boolean;
}

/** The phrases normalised once per grid; `na_unless_any_of` only counts on items that allow `na`. */
export function compileRule(rules: ItemRules, allowNa: boolean): CompiledRule {
  return {
    anyOf: matchingPhrases(rules.any_of),
    naUnlessAnyOf: allowNa && rules.na_unless_any_of ? matchingPhrases(rules.na_unless_any_of) : null,
    speaker: rules.speaker,
    firstTurns: rules.within_first_turns ?? null,
    lastTurns: rules.within_last_turns ?? null,
    absent: rules.absent,
  };
}

function keptTurns(rule: CompiledRule, turns: readonly ReadTurn[]): ReadTurn[] {
  const firstKept = rule.lastTurns === null ? 1 : turns.length - rule.lastTurns + 1;
  const lastKept = rule.firstTurns === null ? turns.length : rule.firstTurns;
  return turns.filter(
    (turn) =>
      turn.number >= firstKept &&
      turn.number <= lastKept &&
      (rule.speaker === 'any' || turn.speaker === rule.speaker),
  );
}

function evidenceIn(turns: readonly ReadTurn[], phrases: readonly Phrase[]): Evidence[] {
  const evidence: Evidence[] = [];
  for (const turn of turns) {
    const found = firstPhraseIn(turn.matching, phrases);
    if (!found) continue;
    evidence.push({
      turn: turn.number,
      text: turn.text,
      phrase: found.phrase,
      ...(turn.start_s === null ? {} : { start: turn.start_s }),
      ...(turn.end_s === null ? {} : { end: turn.end_s }),
    });
  }
  return evidence;
}

/**
 * The rule's answer and its evidence: every kept turn where a phrase occurs. An `absent` rule that is met has
 * no evidence, since no turn shows that something was never said; its proof is the window and speaker the rule
 * read, which the grid states. An `absent` rule that fails shows the turns where the phrase was said.
 */
export function applyRule(rule: CompiledRule, turns: readonly ReadTurn[]): RuleOutcome {
  const kept = keptTurns(rule, turns);
  if (rule.naUnlessAnyOf && !kept.some((turn) => firstPhraseIn(turn.matching, rule.naUnlessAnyOf ?? []))) {
    return { value: 'na', reason: 'na_condition_not_found', evidence: [] };
  }
  const evidence = evidenceIn(kept, rule.anyOf);
  const found = evidence.length > 0;
  if (rule.absent) {
    return found
      ? { value: 'no', reason: 'present', evidence }
      : { value: 'yes', reason: 'absent', evidence: [] };
  }
  return found
    ? { value: 'yes', reason: 'found', evidence }
    : { value: 'no', reason: 'not_found', evidence: [] };
}
