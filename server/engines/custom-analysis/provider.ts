// The custom analyses asked of the analysis provider: one chat completion per conversation with every question,
// answered as JSON keyed by the analyses' ids; an answer that does not fit its question (an option not offered,
// a number for a yes/no) counts as no answer.
import { z } from 'zod';
import type { CustomAnalysisType, CustomAnalysisValue } from '../../../contract/custom-analyses';
import type { TextTurn } from '../../domain/text/turns';
import type { ChatClient, TokenUsage } from '../openai-compatible/chat';

export interface ProviderQuestion {
  id: string;
  type: CustomAnalysisType;
  question: string;
  options: string[] | null;
}

const instructions = `You answer questions about a customer-service conversation (a call, a chat or emails) for a
quality-monitoring team. Answer with JSON only, as the schema says: one answer per question id, or null when the
conversation does not tell.
- yes_no: true or false.
- choice: exactly one of the options given.
- number: a number.
- free_text: one or two short sentences, in the conversation's language.`;

function valueSchema({ type, options }: ProviderQuestion): Record<string, unknown> {
  switch (type) {
    case 'yes_no':
      return { type: ['boolean', 'null'] };
    case 'choice':
      return { type: ['string', 'null'], enum: [...(options ?? []), null] };
    case 'number':
      return { type: ['number', 'null'] };
    case 'free_text':
      return { type: ['string', 'null'] };
  }
}

function valueParser({ type, options }: ProviderQuestion): z.ZodType<CustomAnalysisValue> {
  switch (type) {
    case 'yes_no':
      return z.boolean();
    case 'choice':
      return z.string().refine((option) => (options ?? []).includes(option));
    case 'number':
      return z.number().finite();
    case 'free_text':
      return z.string().trim().min(1);
  }
}

/**
 * The model's answers by analysis id (null for a question it could not or did not answer fittingly), and the
 * tokens of the request; no request, so no usage, without questions or turns.
 */
export async function askCustomAnalyses(
  client: ChatClient,
  questions: readonly ProviderQuestion[],
  turns: readonly TextTurn[],
): Promise<{ answers: Map<string, CustomAnalysisValue>; usage: TokenUsage | null }> {
  const answers = new Map<string, CustomAnalysisValue>(questions.map(({ id }) => [id, null]));
  if (questions.length === 0 || turns.length === 0) return { answers, usage: null };
  const { value, usage } = await client.completeJson({
    messages: [
      { role: 'system', content: instructions },
      {
        role: 'user',
        content: JSON.stringify({
          questions: questions.map(({ id, type, question, options }) => ({
            id,
            type,
            question,
            ...(options ? { options } : {}),
          })),
          turns: turns.map((turn, index) => ({
            number: index + 1,
            speaker: turn.speaker,
            ...(turn.subject ? { subject: turn.subject } : {}),
            text: turn.text,
          })),
        }),
      },
    ],
    schemaName: 'custom_analyses',
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['answers'],
      properties: {
        answers: {
          type: 'object',
          additionalProperties: false,
          required: questions.map(({ id }) => id),
          properties: Object.fromEntries(questions.map((question) => [question.id, valueSchema(question)])),
        },
      },
    },
    parse: (answer) => z.object({ answers: z.record(z.string(), z.unknown()) }).parse(answer),
  });
  for (const question of questions) {
    const parsed = valueParser(question).safeParse(value.answers[question.id]);
    if (parsed.success) answers.set(question.id, parsed.data);
  }
  return { answers, usage };
}
