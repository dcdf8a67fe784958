// The custom analyses API: per campaign, questions asked of every conversation (yes/no, a choice among options, a
// number, free text). The LLM provider answers the question text when one is configured; otherwise the local
// engine answers from the keyword rules, in the spirit of the evaluation items' rules.
import { z } from 'zod';
import { idSchema, unixSecondsSchema } from './common';
import { rulePhrasesSchema, ruleSpeakers } from './evaluation-grids';

export const customAnalysisTypes = ['yes_no', 'choice', 'number', 'free_text'] as const;
export type CustomAnalysisType = (typeof customAnalysisTypes)[number];

export const customAnalysisLimits = {
  perCampaign: 50,
  nameLength: 200,
  questionLength: 2000,
  options: 20,
  optionLength: 200,
} as const;

const limits = customAnalysisLimits;
const speakerSchema = z.enum(ruleSpeakers).default('any');

/** yes_no: yes when one of `any_of` is said by the speaker (with `absent`: when none is), no otherwise. */
export const yesNoRulesSchema = z
  .object({ any_of: rulePhrasesSchema, speaker: speakerSchema, absent: z.boolean().default(false) })
  .strict();
/** choice: the first option, in the options' order, one of whose phrases the speaker says; no answer when none. */
export const choiceRulesSchema = z
  .object({
    speaker: speakerSchema,
    choices: z
      .array(z.object({ option: z.string().trim().min(1), any_of: rulePhrasesSchema }).strict())
      .min(1)
      .max(limits.options),
  })
  .strict();
/** number: how many of the speaker's turns say one of `count_of` (times the agent apologised, say). */
export const numberRulesSchema = z.object({ count_of: rulePhrasesSchema, speaker: speakerSchema }).strict();
/** free_text: the first of the speaker's turns that says one of `any_of`, quoted; no answer when none does. */
export const freeTextRulesSchema = z.object({ any_of: rulePhrasesSchema, speaker: speakerSchema }).strict();

const common = {
  name: z.string().trim().min(1).max(limits.nameLength),
  question: z.string().trim().min(1).max(limits.questionLength),
};
const optionsSchema = z
  .array(z.string().trim().min(1).max(limits.optionLength))
  .min(2)
  .max(limits.options)
  .refine((options) => new Set(options).size === options.length, 'The options must differ');

/**
 * What a custom analysis is made of, checked as a whole (on creation and after a change is applied). No component
 * id: its rules' defaults make the input and output shapes differ, which one OpenAPI component cannot name.
 */
export const customAnalysisInputSchema = z.discriminatedUnion('type', [
  z.object({ ...common, type: z.literal('yes_no'), rules: yesNoRulesSchema.optional() }).strict(),
  z
    .object({
      ...common,
      type: z.literal('choice'),
      options: optionsSchema,
      rules: choiceRulesSchema.optional(),
    })
    .strict()
    .refine(({ options, rules }) => (rules?.choices ?? []).every(({ option }) => options.includes(option)), {
      message: 'Every rule choice names one of the options',
      path: ['rules', 'choices'],
    }),
  z.object({ ...common, type: z.literal('number'), rules: numberRulesSchema.optional() }).strict(),
  z.object({ ...common, type: z.literal('free_text'), rules: freeTextRulesSchema.optional() }).strict(),
]);
export type CustomAnalysisInput = z.infer<typeof customAnalysisInputSchema>;

/**
 * A change: the fields given replace the stored ones (`rules: null` removes the rules; `options` only for a
 * choice), and the result must be a whole valid analysis. A change of type, options, question or rules drops the
 * stored answers, which the next analysis of each conversation writes again.
 */
export const updateCustomAnalysisSchema = z
  .object({
    name: common.name.optional(),
    question: common.question.optional(),
    type: z.enum(customAnalysisTypes).optional(),
    options: optionsSchema.nullable().optional(),
    rules: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .strict()
  .meta({ id: 'UpdateCustomAnalysis' });
export type UpdateCustomAnalysis = z.infer<typeof updateCustomAnalysisSchema>;

export const customAnalysisSchema = z
  .object({
    id: idSchema,
    campaign_id: idSchema,
    name: z.string(),
    question: z.string(),
    type: z.enum(customAnalysisTypes),
    /** A choice's options; null for the other types. */
    options: z.array(z.string()).nullable(),
    /** The local engine's rules, as `CustomAnalysisInput` describes them per type; null without. */
    rules: z.record(z.string(), z.unknown()).nullable(),
    created_at: unixSecondsSchema,
  })
  .meta({ id: 'CustomAnalysis' });
export type CustomAnalysis = z.infer<typeof customAnalysisSchema>;

/**
 * The answer to a creation or a change: the analysis, and how many of the campaign's conversations are analysed
 * again so that they answer it (0 when only its name changed).
 */
export const customAnalysisSavedSchema = customAnalysisSchema
  .extend({ reanalysing: z.number().int().nonnegative() })
  .meta({ id: 'CustomAnalysisSaved' });
export type CustomAnalysisSaved = z.infer<typeof customAnalysisSavedSchema>;

export const customAnalysisListSchema = z
  .object({ items: z.array(customAnalysisSchema) })
  .meta({ id: 'CustomAnalysisList' });

/** An answer: yes/no as a boolean, a choice's option, a number, a text; null when the engine found none. */
export const customAnalysisValueSchema = z.union([z.boolean(), z.number(), z.string()]).nullable();
export type CustomAnalysisValue = z.infer<typeof customAnalysisValueSchema>;

export const customAnalysisEngines = ['rules', 'llm'] as const;

/** One conversation's answer to one analysis. */
export const customAnalysisResultSchema = z
  .object({
    analysis_id: idSchema,
    name: z.string(),
    type: z.enum(customAnalysisTypes),
    value: customAnalysisValueSchema,
    engine: z.enum(customAnalysisEngines),
    /** The turn (1-based) the local engine read the answer from, when there is one. */
    evidence_turn: z.number().int().min(1).nullable(),
  })
  .meta({ id: 'CustomAnalysisResult' });
export type CustomAnalysisResult = z.infer<typeof customAnalysisResultSchema>;

/**
 * `GET /dashboards/graphs/custom-analyses/details`: per analysis of the campaigns, its answers over the graph's
 * conversations (test ones never count). `answered` counts the non-null answers, `unanswered` the conversations
 * answered null; `yes`/`no` for yes_no, `options` (every option, 0 included) for choice, `number` for number,
 * null elsewhere; a free text's answers are read page by page from `custom-analyses-free-text/{id}`.
 */
export const customAnalysisDetailsSchema = z
  .object({
    analyses: z.array(
      z.object({
        id: idSchema,
        campaign_id: idSchema,
        name: z.string(),
        question: z.string(),
        type: z.enum(customAnalysisTypes),
        answered: z.number().int().min(0),
        unanswered: z.number().int().min(0),
        yes: z.number().int().min(0).nullable(),
        no: z.number().int().min(0).nullable(),
        options: z.array(z.object({ option: z.string(), count: z.number().int().min(0) })).nullable(),
        number: z.object({ min: z.number(), max: z.number(), average: z.number() }).nullable(),
      }),
    ),
  })
  .meta({ id: 'CustomAnalysisDetails' });
export type CustomAnalysisDetails = z.infer<typeof customAnalysisDetailsSchema>;

/** `GET /dashboards/graphs/custom-analyses-free-text/{id}`: a page of answers, the newest conversations first. */
export const freeTextAnswersSchema = z
  .object({
    items: z.array(
      z.object({
        /** The conversation's id. */
        id: idSchema,
        started_at: unixSecondsSchema,
        agent_name: z.string().nullable(),
        answer: z.string(),
      }),
    ),
    next_start_after: idSchema.nullable(),
  })
  .meta({ id: 'FreeTextAnswers' });
export type FreeTextAnswers = z.infer<typeof freeTextAnswersSchema>;
