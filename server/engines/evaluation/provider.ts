// The provider evaluation engine: one chat request per conversation answers every item of the grid (answer,
// justification, evidence quotes). Quotes are checked against the transcript, answers against their item; items
// whose answer does not fit are asked again once, then fail with the reason. Items the campaign forces to the
// rules engine, and that have rules it can apply, take the rules engine's answer instead.
import type { Language } from '../../../contract/enums';
import type { Grid, GridItem, ItemType, ItemValue } from '../../domain/evaluation/grid';
import { gridItems } from '../../domain/evaluation/grid';
import { compileGrid, evaluateByRules, type RulesItemResult } from '../../domain/evaluation/rules-engine';
import { readTurns, type ReadTurn, type RuleInputTurn } from '../../domain/evaluation/turns';
import { InvalidAnswerError, type ChatClient, type TokenUsage } from '../openai-compatible/chat';
import { answersEnvelope, answersSchema, readItemAnswer, type ItemAnswer } from './answers';
import { evaluationMessages } from './prompt';
import { quoteChecker, type QuotedEvidence } from './quotes';

/** An item the model answered. */
export interface LlmItemResult {
  item_id: string;
  status: 'evaluated';
  engine: 'llm';
  type: ItemType;
  value: ItemValue;
  justification: string;
  evidence: QuotedEvidence[];
  /** A quote was not found in the transcript: a person should check the answer. */
  needs_review: boolean;
}

type RulesAnswer = Extract<RulesItemResult, { status: 'evaluated' }>;

/** An item forced to the rules engine: its result as the rules engine gives it, its evidence the turns matched. */
export type ForcedRulesItemResult = RulesAnswer extends infer Answer
  ? Answer extends RulesAnswer
    ? Omit<Answer, 'evidence'> & {
        engine: 'rules';
        justification: null;
        evidence: (RulesAnswer['evidence'][number] & { verified: true })[];
        needs_review: false;
      }
    : never
  : never;

/** An item the model did not answer as the item asks, twice. */
export interface FailedItemResult {
  item_id: string;
  status: 'failed';
  engine: 'llm';
  reason: 'invalid_answer';
  /** What was wrong with the last answer. */
  detail: string;
}

export type ProviderItemResult = LlmItemResult | ForcedRulesItemResult | FailedItemResult;

export interface ProviderEvaluation {
  /** Every item of the grid, in grid order. */
  items: ProviderItemResult[];
  /** The tokens of each request made, in order (none when every item was forced to the rules). */
  usage: TokenUsage[];
}

export interface ProviderEvaluationOptions {
  client: ChatClient;
  /** Items to answer with the rules engine; those whose rules it cannot apply are asked to the model. */
  rulesItemIds?: ReadonlySet<string>;
}

function forcedToRules(
  items: readonly GridItem[],
  turns: readonly RuleInputTurn[],
  ids: ReadonlySet<string>,
) {
  const forced = items.filter((item) => ids.has(item.id));
  const results = evaluateByRules(
    compileGrid({ sections: [{ id: 'forced', name: 'forced', items: forced }], additional_scores: [] }),
    turns,
  );
  return new Map(
    results.flatMap((result): [string, ForcedRulesItemResult][] =>
      result.status === 'evaluated'
        ? [
            [
              result.item_id,
              {
                ...result,
                engine: 'rules',
                justification: null,
                evidence: result.evidence.map((evidence) => ({ ...evidence, verified: true as const })),
                needs_review: false,
              },
            ],
          ]
        : [],
    ),
  );
}

interface Round {
  answers: Map<string, ItemAnswer>;
  problems: Map<string, string>;
  usage: TokenUsage;
}

/** One request for `items`; every item comes back answered or with what was wrong. */
async function askModel(
  client: ChatClient,
  items: readonly GridItem[],
  turns: readonly ReadTurn[],
  language: Language,
  earlierProblems: ReadonlyMap<string, string>,
): Promise<Round> {
  const round: Round = {
    answers: new Map(),
    problems: new Map(),
    usage: { promptTokens: 0, completionTokens: 0 },
  };
  try {
    const { value, usage } = await client.completeJson({
      messages: evaluationMessages(items, turns, language, earlierProblems),
      schemaName: 'conversation_evaluation',
      schema: answersSchema(items),
      parse: (answer) => answersEnvelope.parse(answer),
    });
    round.usage = usage;
    for (const item of items) {
      const read = readItemAnswer(item, value.items[item.id]);
      if (read.ok) round.answers.set(item.id, read.answer);
      else round.problems.set(item.id, read.problem);
    }
  } catch (error) {
    if (!(error instanceof InvalidAnswerError)) throw error;
    round.usage = error.usage;
    for (const item of items) round.problems.set(item.id, error.message);
  }
  return round;
}

/**
 * Evaluates the conversation's turns against the grid. Provider failures (unreachable, time-outs, refusals once
 * the client's own retries are spent) are thrown for the job queue to retry; answers that do not fit an item are
 * not: that item fails with the reason.
 */
export async function evaluateWithProvider(
  grid: Grid,
  turns: readonly RuleInputTurn[],
  language: Language,
  { client, rulesItemIds = new Set() }: ProviderEvaluationOptions,
): Promise<ProviderEvaluation> {
  const items = gridItems(grid);
  const byRules = forcedToRules(items, turns, rulesItemIds);
  const read = readTurns(turns);
  const usage: TokenUsage[] = [];
  const answers = new Map<string, ItemAnswer>();
  let pending = items.filter((item) => !byRules.has(item.id));
  let problems = new Map<string, string>();
  for (let attempt = 1; attempt <= 2 && pending.length > 0; attempt++) {
    const round = await askModel(client, pending, read, language, problems);
    usage.push(round.usage);
    for (const [id, answer] of round.answers) answers.set(id, answer);
    problems = round.problems;
    pending = pending.filter((item) => problems.has(item.id));
  }

  const check = quoteChecker(read);
  return {
    usage,
    items: items.map((item): ProviderItemResult => {
      const forced = byRules.get(item.id);
      if (forced) return forced;
      const answer = answers.get(item.id);
      if (!answer) {
        return {
          item_id: item.id,
          status: 'failed',
          engine: 'llm',
          reason: 'invalid_answer',
          detail: problems.get(item.id) ?? 'no answer was given for the item',
        };
      }
      const evidence = answer.evidence.map(check);
      return {
        item_id: item.id,
        status: 'evaluated',
        engine: 'llm',
        type: item.type,
        value: answer.value,
        justification: answer.justification,
        evidence,
        needs_review: evidence.some((quote) => !quote.verified),
      };
    }),
  };
}
