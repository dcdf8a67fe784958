// The evaluation grids API: one grid per campaign, published in versions, with at most one draft saved between
// them. Sections hold items of three types; binary items and the sub-items of composed items may carry rules for
// the local rules engine.
import { z } from 'zod';
import { unixSecondsSchema } from './common';

export const evaluationItemTypes = ['binary_item', 'multiple_levels_item', 'composed_item'] as const;
export type EvaluationItemType = (typeof evaluationItemTypes)[number];

export const ruleSpeakers = ['agent', 'customer', 'any'] as const;
export type RuleSpeaker = (typeof ruleSpeakers)[number];

/** What one grid may hold at most. */
export const evaluationGridLimits = {
  sections: 50,
  items: 200,
  levels: 20,
  subItems: 20,
  additionalScores: 50,
  phrases: 50,
  nameLength: 200,
  descriptionLength: 2000,
  phraseLength: 200,
  weight: 1000,
} as const;

const limits = evaluationGridLimits;
const nameSchema = z.string().trim().min(1).max(limits.nameLength);
const descriptionSchema = z.string().trim().max(limits.descriptionLength);
/** Phrases a rule looks for, matched as whole words (the evaluation rules' and the custom analyses'). */
export const rulePhrasesSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(limits.phraseLength)
      .regex(/[\p{L}\p{N}]/u, 'A phrase needs a letter or a digit'),
  )
  .min(1)
  .max(limits.phrases);
const turnCountSchema = z.number().int().min(1).max(10_000);

/**
 * Rules for the local engine: the item is met when one of `any_of` is said in the kept turns (the window first,
 * then the speaker); `absent` inverts that. With `na_unless_any_of` (items with `allow_na` only) the answer is
 * `na` when none of those phrases is said in the kept turns.
 */
export const evaluationRulesSchema = z
  .object({
    any_of: rulePhrasesSchema,
    speaker: z.enum(ruleSpeakers).default('any'),
    within_first_turns: turnCountSchema.optional(),
    within_last_turns: turnCountSchema.optional(),
    absent: z.boolean().default(false),
    na_unless_any_of: rulePhrasesSchema.optional(),
  })
  .strict()
  .refine(
    (rules) => rules.within_first_turns === undefined || rules.within_last_turns === undefined,
    'A rule keeps either the first turns or the last turns, not both',
  )
  .meta({ id: 'EvaluationRules' });
export type EvaluationRules = z.infer<typeof evaluationRulesSchema>;

export const evaluationLevelSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema.optional(),
    score: z.number().min(0).max(100),
  })
  .strict()
  .meta({ id: 'EvaluationLevel' });
export type EvaluationLevel = z.infer<typeof evaluationLevelSchema>;

/** The grid's shapes, with ids required (as stored and answered) or optional (as sent to publish). */
function gridShapes<Id extends z.ZodType>(id: Id, suffix: '' | 'Draft') {
  const subItem = z
    .object({
      id,
      name: nameSchema,
      description: descriptionSchema.default(''),
      rules: evaluationRulesSchema.optional(),
    })
    .strict()
    .refine((sub) => sub.rules?.na_unless_any_of === undefined, {
      message: 'A sub-item is never N/A, so its rules take no na_unless_any_of',
      path: ['rules', 'na_unless_any_of'],
    })
    .meta({ id: `EvaluationSubItem${suffix}` });

  const common = {
    id,
    name: nameSchema,
    description: descriptionSchema.default(''),
    weight: z.number().gt(0, 'A weight is greater than 0').max(limits.weight).default(1),
    critical: z.boolean().default(false),
    allow_na: z.boolean().default(false),
  };
  const item = z
    .discriminatedUnion('type', [
      z
        .object({ ...common, type: z.literal('binary_item'), rules: evaluationRulesSchema.optional() })
        .strict(),
      z
        .object({
          ...common,
          type: z.literal('multiple_levels_item'),
          levels: z
            .array(evaluationLevelSchema)
            .min(1, 'A multiple-levels item needs at least one level')
            .max(limits.levels),
        })
        .strict(),
      z
        .object({
          ...common,
          type: z.literal('composed_item'),
          sub_items: z
            .array(subItem)
            .min(1, 'A composed item needs at least one sub-item')
            .max(limits.subItems),
        })
        .strict(),
    ])
    .refine(
      (candidate) => !('rules' in candidate) || !candidate.rules?.na_unless_any_of || candidate.allow_na,
      {
        message: 'na_unless_any_of needs an item that allows N/A',
        path: ['rules', 'na_unless_any_of'],
      },
    )
    .meta({ id: `EvaluationItem${suffix}` });

  const section = z
    .object({ id, name: nameSchema, items: z.array(item).max(limits.items) })
    .strict()
    .meta({ id: `EvaluationSection${suffix}` });

  const additionalScore = z
    .object({ id, name: nameSchema, item_ids: z.array(z.uuid()).min(1).max(limits.items) })
    .strict()
    .meta({ id: `AdditionalScore${suffix}` });

  return { subItem, item, section, additionalScore };
}

const stored = gridShapes(z.uuid(), '');
export const evaluationSubItemSchema = stored.subItem;
export type EvaluationSubItem = z.infer<typeof evaluationSubItemSchema>;
export const evaluationItemSchema = stored.item;
export type EvaluationItem = z.infer<typeof evaluationItemSchema>;
export const evaluationSectionSchema = stored.section;
export type EvaluationSection = z.infer<typeof evaluationSectionSchema>;
export const additionalScoreSchema = stored.additionalScore;
export type AdditionalScore = z.infer<typeof additionalScoreSchema>;

/** What one version of a grid holds. */
export interface EvaluationGridContent {
  sections: EvaluationSection[];
  additional_scores: AdditionalScore[];
}

export const evaluationGridSchema = z
  .object({
    id: z.uuid(),
    campaign_id: z.uuid(),
    /** 0 for a campaign's empty grid, before its first publication. */
    version: z.number().int().min(0),
    sections: z.array(evaluationSectionSchema),
    additional_scores: z.array(additionalScoreSchema),
    /** When this version was published (or the empty grid made). */
    updated_at: unixSecondsSchema,
  })
  .meta({ id: 'EvaluationGrid' });
export type EvaluationGrid = z.infer<typeof evaluationGridSchema>;

const sent = gridShapes(z.uuid().optional(), 'Draft');
export type EvaluationSectionDraft = z.infer<typeof sent.section>;

/** Every id a grid names, with where: unique across the grid. */
function* namedIds(grid: {
  sections: EvaluationSectionDraft[];
  additional_scores: { id?: string | undefined }[];
}) {
  for (const [s, section] of grid.sections.entries()) {
    yield { id: section.id, path: ['sections', s, 'id'] };
    for (const [i, item] of section.items.entries()) {
      yield { id: item.id, path: ['sections', s, 'items', i, 'id'] };
      if (item.type !== 'composed_item') continue;
      for (const [u, sub] of item.sub_items.entries()) {
        yield { id: sub.id, path: ['sections', s, 'items', i, 'sub_items', u, 'id'] };
      }
    }
  }
  for (const [a, score] of grid.additional_scores.entries()) {
    yield { id: score.id, path: ['additional_scores', a, 'id'] };
  }
}

/**
 * `PATCH /evaluation-grids/{id}`: the whole next version. Sections, items, sub-items and additional scores without
 * an id get a new one; an id given must be one the grid has used before, so an item keeps its id through edits.
 */
export const publishEvaluationGridSchema = z
  .object({
    sections: z.array(sent.section).max(limits.sections),
    additional_scores: z.array(sent.additionalScore).max(limits.additionalScores).default([]),
  })
  .strict()
  .superRefine((grid, context) => {
    const seen = new Set<string>();
    for (const { id, path } of namedIds(grid)) {
      if (id === undefined) continue;
      if (seen.has(id)) context.addIssue({ code: 'custom', message: `The id ${id} is used twice`, path });
      seen.add(id);
    }
    const items = grid.sections.flatMap((section) => section.items);
    if (items.length > limits.items) {
      context.addIssue({
        code: 'custom',
        message: `A grid holds at most ${limits.items} items`,
        path: ['sections'],
      });
    }
    const itemIds = new Set(items.flatMap((item) => (item.id === undefined ? [] : [item.id])));
    for (const [a, score] of grid.additional_scores.entries()) {
      for (const [n, itemId] of score.item_ids.entries()) {
        if (!itemIds.has(itemId)) {
          context.addIssue({
            code: 'custom',
            message: `The additional score "${score.name}" names ${itemId}, which is not an item of the grid`,
            path: ['additional_scores', a, 'item_ids', n],
          });
        }
      }
      if (new Set(score.item_ids).size !== score.item_ids.length) {
        context.addIssue({
          code: 'custom',
          message: `The additional score "${score.name}" names an item twice`,
          path: ['additional_scores', a, 'item_ids'],
        });
      }
    }
  })
  .meta({ id: 'PublishEvaluationGrid' });
export type PublishEvaluationGrid = z.infer<typeof publishEvaluationGridSchema>;

export const evaluationGridItemParamsSchema = z.object({ id: z.uuid(), itemId: z.uuid() });
export const evaluationGridVersionParamsSchema = z.object({
  id: z.uuid(),
  version: z.coerce.number().int().min(0),
});
/** `?version=N` reads an item as it was in that version; the current version without it. */
export const evaluationGridItemQuerySchema = z.object({ version: z.coerce.number().int().min(0).optional() });

/** `GET /evaluation-grids/{id}/versions`: the published versions, newest first. */
export const evaluationGridVersionSummarySchema = z
  .object({ version: z.number().int(), created_by: z.uuid().nullable(), created_at: unixSecondsSchema })
  .meta({ id: 'EvaluationGridVersionSummary' });
export type EvaluationGridVersionSummary = z.infer<typeof evaluationGridVersionSummarySchema>;

/**
 * A grid's unpublished draft: the editor's whole form as `PATCH /evaluation-grids/{id}` takes it (ids given only
 * for what the grid has used), who saved it last and when. A grid has at most one; publishing clears it.
 */
export const evaluationGridDraftSchema = z
  .object({
    sections: z.array(sent.section),
    additional_scores: z.array(sent.additionalScore),
    updated_at: unixSecondsSchema,
    /** Null once the person who saved it is deleted. */
    updated_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  })
  .meta({ id: 'EvaluationGridDraft' });
export type EvaluationGridDraft = z.infer<typeof evaluationGridDraftSchema>;

/** `GET /evaluation-grids/{id}/draft`: the grid's draft, null when it has none. */
export const evaluationGridDraftStateSchema = z
  .object({ draft: evaluationGridDraftSchema.nullable() })
  .meta({ id: 'EvaluationGridDraftState' });
export type EvaluationGridDraftState = z.infer<typeof evaluationGridDraftStateSchema>;
