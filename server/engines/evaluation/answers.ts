// What the model is asked to answer for a grid's items, as a strict JSON Schema (one property per item, keyed by
// its id), and each item's answer checked against the item: an answer that does not fit it (a level it does not
// have, `na` where it is not allowed, a missing sub-item) is refused with the reason.
import { z } from 'zod';
import type { GridItem, ItemValue } from '../../domain/evaluation/grid';
import { valueFits } from '../../domain/evaluation/item-score';

const binaryAnswers = (allowNa: boolean) => (allowNa ? ['yes', 'no', 'na'] : ['yes', 'no']);

function answerSchemaOf(item: GridItem): Record<string, unknown> {
  switch (item.type) {
    case 'binary_item':
      return { type: 'string', enum: binaryAnswers(item.allow_na) };
    case 'multiple_levels_item': {
      const levels = { type: 'integer', enum: (item.levels ?? []).map((_, index) => index) };
      return item.allow_na ? { anyOf: [levels, { type: 'string', enum: ['na'] }] } : levels;
    }
    case 'composed_item': {
      const subItems = item.sub_items ?? [];
      return {
        type: 'object',
        additionalProperties: false,
        required: subItems.map((sub) => sub.id),
        properties: Object.fromEntries(
          subItems.map((sub) => [sub.id, { type: 'string', enum: binaryAnswers(sub.allow_na) }]),
        ),
      };
    }
  }
}

const evidenceSchema = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['turn', 'quote'],
    properties: { turn: { type: 'integer' }, quote: { type: 'string' } },
  },
};

/** The response format: `{ items: { [item id]: { answer, justification, evidence } } }`. */
export function answersSchema(items: readonly GridItem[]): Record<string, unknown> {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['items'],
    properties: {
      items: {
        type: 'object',
        additionalProperties: false,
        required: items.map((item) => item.id),
        properties: Object.fromEntries(
          items.map((item) => [
            item.id,
            {
              type: 'object',
              additionalProperties: false,
              required: ['answer', 'justification', 'evidence'],
              properties: {
                answer: answerSchemaOf(item),
                justification: { type: 'string' },
                evidence: evidenceSchema,
              },
            },
          ]),
        ),
      },
    },
  };
}

/** The answer's outer shape; each item's answer is checked on its own by `readItemAnswer`. */
export const answersEnvelope = z.object({ items: z.record(z.string(), z.unknown()) });

const itemAnswerShape = z.object({
  answer: z.union([z.string(), z.number(), z.record(z.string(), z.string())]),
  justification: z.string(),
  evidence: z.array(z.object({ turn: z.number().int(), quote: z.string() })),
});

export interface ItemAnswer {
  value: ItemValue;
  justification: string;
  evidence: { turn: number; quote: string }[];
}

/** The item's answer, or why it cannot be taken. */
export function readItemAnswer(
  item: GridItem,
  raw: unknown,
): { ok: true; answer: ItemAnswer } | { ok: false; problem: string } {
  if (raw === undefined) return { ok: false, problem: 'no answer was given for the item' };
  const shaped = itemAnswerShape.safeParse(raw);
  if (!shaped.success) {
    return {
      ok: false,
      problem: shaped.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    };
  }
  const { answer, justification, evidence } = shaped.data;
  const value = answer as ItemValue;
  if (!valueFits(item, value)) {
    return { ok: false, problem: `${JSON.stringify(answer)} is not an answer this ${item.type} accepts` };
  }
  return { ok: true, answer: { value, justification, evidence } };
}
