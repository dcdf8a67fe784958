// The local engine of custom analyses: each question answered from its keyword rules over the conversation's turns
// (case, accents and punctuation ignored, whole words only, as the evaluation rules match). A question without
// rules, or rules that do not parse, gets no answer (null).
import {
  choiceRulesSchema,
  freeTextRulesSchema,
  numberRulesSchema,
  yesNoRulesSchema,
  type CustomAnalysisType,
  type CustomAnalysisValue,
} from '../../../contract/custom-analyses';
import type { RuleSpeaker } from '../../../contract/evaluation-grids';
import { firstPhraseIn, matchingPhrases } from '../evaluation/matching';
import type { ReadTurn } from '../evaluation/turns';

/** A question as the engine reads it. */
export interface AnalysisQuestion {
  type: CustomAnalysisType;
  rules: Record<string, unknown> | null;
}

export interface AnalysisAnswer {
  value: CustomAnalysisValue;
  /** The 1-based turn the answer comes from, when one does. */
  evidenceTurn: number | null;
}

const none: AnalysisAnswer = { value: null, evidenceTurn: null };

const spokenBy = (turns: readonly ReadTurn[], speaker: RuleSpeaker) =>
  turns.filter((turn) => speaker === 'any' || turn.speaker === speaker);

/** The speaker's turns that say one of the phrases. */
function turnsSaying(turns: readonly ReadTurn[], speaker: RuleSpeaker, phrases: readonly string[]) {
  const compiled = matchingPhrases(phrases);
  return spokenBy(turns, speaker).filter((turn) => firstPhraseIn(turn.matching, compiled) !== undefined);
}

/** The question's answer from its rules; turns come from `readTurns`, read once for every question. */
export function answerFromRules(question: AnalysisQuestion, turns: readonly ReadTurn[]): AnalysisAnswer {
  if (question.rules === null) return none;
  switch (question.type) {
    case 'yes_no': {
      const rules = yesNoRulesSchema.safeParse(question.rules);
      if (!rules.success) return none;
      const [first] = turnsSaying(turns, rules.data.speaker, rules.data.any_of);
      return { value: (first !== undefined) !== rules.data.absent, evidenceTurn: first?.number ?? null };
    }
    case 'choice': {
      const rules = choiceRulesSchema.safeParse(question.rules);
      if (!rules.success) return none;
      for (const { option, any_of: phrases } of rules.data.choices) {
        const [first] = turnsSaying(turns, rules.data.speaker, phrases);
        if (first) return { value: option, evidenceTurn: first.number };
      }
      return none;
    }
    case 'number': {
      const rules = numberRulesSchema.safeParse(question.rules);
      if (!rules.success) return none;
      const saying = turnsSaying(turns, rules.data.speaker, rules.data.count_of);
      return { value: saying.length, evidenceTurn: saying[0]?.number ?? null };
    }
    case 'free_text': {
      const rules = freeTextRulesSchema.safeParse(question.rules);
      if (!rules.success) return none;
      const [first] = turnsSaying(turns, rules.data.speaker, rules.data.any_of);
      return first ? { value: first.text, evidenceTurn: first.number } : none;
    }
  }
}
