// The grid editor's form: the grid as the fields hold it (phrases one per line, numbers as typed, the rules'
// window as a choice), its rules said with i18n keys, and the conversions to and from the API's grid.
import { z } from 'zod';
import {
  evaluationGridLimits as limits,
  type EvaluationRules,
  type PublishEvaluationGrid,
} from '../../../../contract/evaluation-grids';

/** The lines of a textarea: blank lines and surrounding spaces dropped. */
export const phraseLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const nameField = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(limits.nameLength, 'validation.tooLong');
const descriptionField = z.string().max(limits.descriptionLength, 'validation.tooLong');

const phrasesProblem = (text: string): string | null => {
  const phrases = phraseLines(text);
  if (phrases.length === 0) return 'evaluationGrid.phrasesRequired';
  if (phrases.length > limits.phrases) return 'evaluationGrid.tooManyPhrases';
  if (phrases.some((phrase) => phrase.length > limits.phraseLength)) return 'validation.tooLong';
  if (phrases.some((phrase) => !/[\p{L}\p{N}]/u.test(phrase))) return 'evaluationGrid.phraseNeedsWord';
  return null;
};

/** A whole number in [min, max] as typed, or the i18n key of what is wrong with it. */
const numberProblem = (text: string, min: number, max: number, whole: boolean): string | null => {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) return 'evaluationGrid.numberRequired';
  if (whole && !Number.isInteger(value)) return 'evaluationGrid.wholeNumber';
  return value < min || value > max ? 'evaluationGrid.outOfRange' : null;
};

export const windows = ['all', 'first', 'last'] as const;
export const speakers = ['any', 'agent', 'customer'] as const;

const rulesForm = z.object({
  enabled: z.boolean(),
  any_of: z.string(),
  speaker: z.enum(speakers),
  window: z.enum(windows),
  turns: z.string(),
  absent: z.boolean(),
  na_unless_any_of: z.string(),
});
export type RulesForm = z.infer<typeof rulesForm>;

/** Checks the rules of an item (or sub-item) when they are on; `allowNa` says whether "N/A unless" applies. */
function checkRules(rules: RulesForm, allowNa: boolean, context: z.RefinementCtx, path: (string | number)[]) {
  if (!rules.enabled) return;
  const phrases = phrasesProblem(rules.any_of);
  if (phrases) context.addIssue({ code: 'custom', message: phrases, path: [...path, 'any_of'] });
  if (rules.window !== 'all') {
    const turns = numberProblem(rules.turns, 1, 10_000, true);
    if (turns) context.addIssue({ code: 'custom', message: turns, path: [...path, 'turns'] });
  }
  if (allowNa && rules.na_unless_any_of.trim()) {
    const naPhrases = phrasesProblem(rules.na_unless_any_of);
    if (naPhrases)
      context.addIssue({ code: 'custom', message: naPhrases, path: [...path, 'na_unless_any_of'] });
  }
}

const levelForm = z.object({ name: nameField, description: descriptionField, score: z.string() });
const subItemForm = z.object({
  id: z.string().optional(),
  name: nameField,
  description: descriptionField,
  rules: rulesForm,
});
const itemTypes = ['binary_item', 'multiple_levels_item', 'composed_item'] as const;

const itemForm = z
  .object({
    id: z.string().optional(),
    name: nameField,
    description: descriptionField,
    type: z.enum(itemTypes),
    weight: z.string(),
    critical: z.boolean(),
    allow_na: z.boolean(),
    rules: rulesForm,
    levels: z.array(levelForm).max(limits.levels),
    sub_items: z.array(subItemForm).max(limits.subItems),
  })
  .superRefine((item, context) => {
    const weight = numberProblem(item.weight, 0, limits.weight, false);
    if (weight || Number(item.weight) <= 0) {
      context.addIssue({
        code: 'custom',
        message: weight ?? 'evaluationGrid.weightPositive',
        path: ['weight'],
      });
    }
    if (item.type === 'binary_item') checkRules(item.rules, item.allow_na, context, ['rules']);
    if (item.type === 'multiple_levels_item') {
      if (item.levels.length === 0) {
        context.addIssue({ code: 'custom', message: 'evaluationGrid.levelsRequired', path: ['levels'] });
      }
      item.levels.forEach((level, index) => {
        const score = numberProblem(level.score, 0, 100, false);
        if (score) context.addIssue({ code: 'custom', message: score, path: ['levels', index, 'score'] });
      });
    }
    if (item.type === 'composed_item') {
      if (item.sub_items.length === 0) {
        context.addIssue({ code: 'custom', message: 'evaluationGrid.subItemsRequired', path: ['sub_items'] });
      }
      item.sub_items.forEach((sub, index) =>
        checkRules(sub.rules, false, context, ['sub_items', index, 'rules']),
      );
    }
  });
export type ItemForm = z.infer<typeof itemForm>;

const sectionForm = z.object({ id: z.string().optional(), name: nameField, items: z.array(itemForm) });
export type SectionForm = z.infer<typeof sectionForm>;

const additionalScoreForm = z.object({
  id: z.string().optional(),
  name: nameField,
  item_ids: z.array(z.string()),
});

export const gridFormSchema = z
  .object({
    sections: z.array(sectionForm).max(limits.sections),
    additional_scores: z.array(additionalScoreForm).max(limits.additionalScores),
  })
  .superRefine((grid, context) => {
    const items = grid.sections.flatMap((section) => section.items);
    if (items.length > limits.items) {
      context.addIssue({ code: 'custom', message: 'evaluationGrid.tooManyItems', path: ['sections'] });
    }
    const itemIds = new Set(items.flatMap((item) => (item.id ? [item.id] : [])));
    grid.additional_scores.forEach((score, index) => {
      if (!score.item_ids.some((id) => itemIds.has(id))) {
        context.addIssue({
          code: 'custom',
          message: 'evaluationGrid.scoreItemsRequired',
          path: ['additional_scores', index, 'item_ids'],
        });
      }
    });
  });
export type GridForm = z.infer<typeof gridFormSchema>;

export const emptyRules = (): RulesForm => ({
  enabled: false,
  any_of: '',
  speaker: 'any',
  window: 'all',
  turns: '',
  absent: false,
  na_unless_any_of: '',
});

export const newItem = (): ItemForm => ({
  name: '',
  description: '',
  type: 'binary_item',
  weight: '1',
  critical: false,
  allow_na: false,
  rules: emptyRules(),
  levels: [],
  sub_items: [],
});

export const newSection = (): SectionForm => ({ name: '', items: [] });
export const newLevel = () => ({ name: '', description: '', score: '' });
export const newSubItem = () => ({ name: '', description: '', rules: emptyRules() });
export const newAdditionalScore = () => ({ name: '', item_ids: [] as string[] });

function toRulesForm(rules: EvaluationRules | undefined): RulesForm {
  if (!rules) return emptyRules();
  const first = rules.within_first_turns;
  const last = rules.within_last_turns;
  return {
    enabled: true,
    any_of: rules.any_of.join('\n'),
    speaker: rules.speaker,
    window: first !== undefined ? 'first' : last !== undefined ? 'last' : 'all',
    turns: String(first ?? last ?? ''),
    absent: rules.absent,
    na_unless_any_of: (rules.na_unless_any_of ?? []).join('\n'),
  };
}

/** The form holding a version of the grid, or a draft (whose new parts have no id yet). */
export function toGridForm(grid: PublishEvaluationGrid): GridForm {
  return {
    sections: grid.sections.map((section) => ({
      id: section.id,
      name: section.name,
      items: section.items.map((item) => ({
        id: item.id,
        name: item.name,
        description: item.description,
        type: item.type,
        weight: String(item.weight),
        critical: item.critical,
        allow_na: item.allow_na,
        rules: toRulesForm(item.type === 'binary_item' ? item.rules : undefined),
        levels:
          item.type === 'multiple_levels_item'
            ? item.levels.map((level) => ({
                name: level.name,
                description: level.description ?? '',
                score: String(level.score),
              }))
            : [],
        sub_items:
          item.type === 'composed_item'
            ? item.sub_items.map((sub) => ({
                id: sub.id,
                name: sub.name,
                description: sub.description,
                rules: toRulesForm(sub.rules),
              }))
            : [],
      })),
    })),
    additional_scores: grid.additional_scores.map((score) => ({
      id: score.id,
      name: score.name,
      item_ids: [...score.item_ids],
    })),
  };
}

const withId = (id: string | undefined) => (id ? { id } : {});

function fromRulesForm(rules: RulesForm, allowNa: boolean): EvaluationRules | undefined {
  if (!rules.enabled) return undefined;
  const turns = Number(rules.turns);
  const naPhrases = allowNa ? phraseLines(rules.na_unless_any_of) : [];
  return {
    any_of: phraseLines(rules.any_of),
    speaker: rules.speaker,
    ...(rules.window === 'first' ? { within_first_turns: turns } : {}),
    ...(rules.window === 'last' ? { within_last_turns: turns } : {}),
    absent: rules.absent,
    ...(naPhrases.length > 0 ? { na_unless_any_of: naPhrases } : {}),
  };
}

export function fromItemForm(item: ItemForm): PublishEvaluationGrid['sections'][number]['items'][number] {
  const common = {
    ...withId(item.id),
    name: item.name.trim(),
    description: item.description.trim(),
    weight: Number(item.weight),
    critical: item.critical,
    allow_na: item.allow_na,
  };
  if (item.type === 'multiple_levels_item') {
    return {
      ...common,
      type: item.type,
      levels: item.levels.map((level) => ({
        name: level.name.trim(),
        description: level.description.trim(),
        score: Number(level.score),
      })),
    };
  }
  if (item.type === 'composed_item') {
    return {
      ...common,
      type: item.type,
      sub_items: item.sub_items.map((sub) => {
        const rules = fromRulesForm(sub.rules, false);
        return {
          ...withId(sub.id),
          name: sub.name.trim(),
          description: sub.description.trim(),
          ...(rules ? { rules } : {}),
        };
      }),
    };
  }
  const rules = fromRulesForm(item.rules, item.allow_na);
  return { ...common, type: item.type, ...(rules ? { rules } : {}) };
}

/** The grid to publish. An additional score keeps only the items still in the grid. */
export function fromGridForm(form: GridForm): PublishEvaluationGrid {
  const itemIds = new Set(
    form.sections.flatMap((section) => section.items.flatMap((item) => (item.id ? [item.id] : []))),
  );
  return {
    sections: form.sections.map((section) => ({
      ...withId(section.id),
      name: section.name.trim(),
      items: section.items.map(fromItemForm),
    })),
    additional_scores: form.additional_scores.map((score) => ({
      ...withId(score.id),
      name: score.name.trim(),
      item_ids: score.item_ids.filter((id) => itemIds.has(id)),
    })),
  };
}

/** The API's field names that the form holds under another name. */
const formFieldOf: Record<string, string> = { within_first_turns: 'turns', within_last_turns: 'turns' };

/**
 * The form field a server refusal names (`body.sections.0.items.1.rules.any_of.2` → `sections.0.items.1.rules.any_of`),
 * or null when it names none the form shows.
 */
export function formPathOf(serverPath: string): string | null {
  const parts = serverPath.split('.');
  if (parts[0] !== 'body') return null;
  const path = parts.slice(1);
  const last = path.at(-1);
  // A list's entry (a phrase, an additional score's item) is shown on the list's field.
  if (
    last !== undefined &&
    /^\d+$/.test(last) &&
    ['any_of', 'na_unless_any_of', 'item_ids'].includes(path.at(-2) ?? '')
  ) {
    path.pop();
  }
  const field = path.at(-1);
  if (field === undefined || field === 'id') return null;
  path[path.length - 1] = formFieldOf[field] ?? field;
  return path.join('.');
}
