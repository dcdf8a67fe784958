// The custom analysis form: what a person edits (options and phrases one per line, a choice's phrases per option)
// turned into the API's body and back, with i18n keys as messages; and where a server refusal lands in the form.
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  choiceRulesSchema,
  customAnalysisLimits,
  customAnalysisTypes,
  freeTextRulesSchema,
  numberRulesSchema,
  yesNoRulesSchema,
  type CustomAnalysis,
  type CustomAnalysisInput,
} from '../../../../contract/custom-analyses';
import { ruleSpeakers } from '../../../../contract/evaluation-grids';
import { ApiError } from '../../../services/api-error';

/** The lines of a textarea, blank ones and surrounding spaces dropped. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const phrasesField = z
  .string()
  .refine(
    (text) => linesOf(text).every((phrase) => /[\p{L}\p{N}]/u.test(phrase)),
    'evaluationGrid.phraseNeedsWord',
  );

export const analysisFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(customAnalysisLimits.nameLength, 'validation.tooLong'),
    question: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(customAnalysisLimits.questionLength, 'validation.tooLong'),
    type: z.enum(customAnalysisTypes),
    options: z.string(),
    speaker: z.enum(ruleSpeakers),
    phrases: phrasesField,
    absent: z.boolean(),
    /** A choice's phrases, one box per option line, in the options' order. */
    choicePhrases: z.array(phrasesField),
  })
  .superRefine((form, context) => {
    if (form.type !== 'choice') return;
    const options = linesOf(form.options);
    const problem =
      options.length < 2
        ? 'customAnalyses.optionsRequired'
        : options.length > customAnalysisLimits.options
          ? 'customAnalyses.tooManyOptions'
          : new Set(options).size < options.length
            ? 'customAnalyses.optionsDiffer'
            : options.some((option) => option.length > customAnalysisLimits.optionLength)
              ? 'validation.tooLong'
              : null;
    if (problem) context.addIssue({ code: 'custom', path: ['options'], message: problem });
  });
export type AnalysisForm = z.infer<typeof analysisFormSchema>;

export const emptyAnalysisForm: AnalysisForm = {
  name: '',
  question: '',
  type: 'yes_no',
  options: '',
  speaker: 'any',
  phrases: '',
  absent: false,
  choicePhrases: [],
};

/** The form showing a stored analysis; rules that do not fit its type are left out. */
export function toAnalysisForm(analysis: CustomAnalysis): AnalysisForm {
  const form = {
    ...emptyAnalysisForm,
    name: analysis.name,
    question: analysis.question,
    type: analysis.type,
  };
  const options = analysis.options ?? [];
  switch (analysis.type) {
    case 'yes_no': {
      const rules = yesNoRulesSchema.safeParse(analysis.rules).data;
      return rules
        ? { ...form, speaker: rules.speaker, phrases: rules.any_of.join('\n'), absent: rules.absent }
        : form;
    }
    case 'number': {
      const rules = numberRulesSchema.safeParse(analysis.rules).data;
      return rules ? { ...form, speaker: rules.speaker, phrases: rules.count_of.join('\n') } : form;
    }
    case 'free_text': {
      const rules = freeTextRulesSchema.safeParse(analysis.rules).data;
      return rules ? { ...form, speaker: rules.speaker, phrases: rules.any_of.join('\n') } : form;
    }
    case 'choice': {
      const rules = choiceRulesSchema.safeParse(analysis.rules).data;
      const phrasesOf = (option: string) =>
        rules?.choices.find((choice) => choice.option === option)?.any_of.join('\n') ?? '';
      return {
        ...form,
        options: options.join('\n'),
        speaker: rules?.speaker ?? 'any',
        choicePhrases: options.map(phrasesOf),
      };
    }
  }
}

function rulesOf(form: AnalysisForm): CustomAnalysisInput['rules'] {
  const phrases = linesOf(form.phrases);
  const { speaker } = form;
  switch (form.type) {
    case 'yes_no':
      return phrases.length > 0 ? { any_of: phrases, speaker, absent: form.absent } : undefined;
    case 'number':
      return phrases.length > 0 ? { count_of: phrases, speaker } : undefined;
    case 'free_text':
      return phrases.length > 0 ? { any_of: phrases, speaker } : undefined;
    case 'choice': {
      const choices = linesOf(form.options)
        .map((option, index) => ({ option, any_of: linesOf(form.choicePhrases[index] ?? '') }))
        .filter((choice) => choice.any_of.length > 0);
      return choices.length > 0 ? { speaker, choices } : undefined;
    }
  }
}

/** The analysis the form describes, as the API takes it on creation. */
export function fromAnalysisForm(form: AnalysisForm): CustomAnalysisInput {
  const common = { name: form.name.trim(), question: form.question.trim() };
  const rules = rulesOf(form);
  return (
    form.type === 'choice'
      ? { ...common, type: 'choice', options: linesOf(form.options), rules }
      : { ...common, type: form.type, rules }
  ) as CustomAnalysisInput;
}

/** The same as a change: every field given, the rules and options removed when there are none. */
export function changeOf(form: AnalysisForm) {
  const input = fromAnalysisForm(form);
  return {
    name: input.name,
    question: input.question,
    type: input.type,
    options: input.type === 'choice' ? input.options : null,
    rules: (input.rules ?? null) as Record<string, unknown> | null,
  };
}

const fieldOfServerPath: Record<string, FieldPath<AnalysisForm>> = {
  name: 'name',
  question: 'question',
  type: 'type',
  options: 'options',
  rules: 'phrases',
};

/** Shows the server's refusals at their field (from the field list, or the detail's leading path); says if any. */
export function placeAnalysisRefusals(form: UseFormReturn<AnalysisForm>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const paths = [
    ...error.errors.map(({ path }) => path.replace(/^body\./, '')),
    ...(error.errors.length === 0 ? [error.detail] : []),
  ];
  const fields = new Set(paths.flatMap((path) => fieldOfServerPath[path.split(/[.:]/)[0] ?? ''] ?? []));
  for (const field of fields) form.setError(field, { type: 'server', message: 'customAnalyses.refused' });
  return fields.size > 0;
}
