// The topics form's rules, with i18n keys as messages: a topic's keywords are edited one per line, and the rules
// are the contract's (topicDefinitionSchema) said in the user's language.
import { z } from 'zod';
import { topicsMaxCount, type TopicDefinition } from '../../../../contract/campaigns';

const keywordsMaxCount = 200;
const keywordMaxLength = 200;

/** The keywords of a textarea: one per line, blank lines and surrounding spaces dropped. */
export const keywordLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const keywordsFieldSchema = z.string().superRefine((text, context) => {
  const keywords = keywordLines(text);
  const problem =
    keywords.length === 0
      ? 'topics.keywordsRequired'
      : keywords.length > keywordsMaxCount
        ? 'topics.tooManyKeywords'
        : keywords.some((keyword) => keyword.length > keywordMaxLength)
          ? 'validation.tooLong'
          : keywords.some((keyword) => !/[\p{L}\p{N}]/u.test(keyword))
            ? 'topics.keywordNeedsWord'
            : null;
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

export const topicsFormSchema = z.object({
  topics: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
        keywords: keywordsFieldSchema,
      }),
    )
    .max(topicsMaxCount)
    .superRefine((topics, context) => {
      const seen = new Set<string>();
      topics.forEach((topic, index) => {
        const key = topic.name.trim().toLocaleLowerCase();
        if (key && seen.has(key))
          context.addIssue({ code: 'custom', path: [index, 'name'], message: 'topics.duplicateName' });
        seen.add(key);
      });
    }),
});
export type TopicsForm = z.infer<typeof topicsFormSchema>;

export const toTopicsForm = (topics: readonly TopicDefinition[]): TopicsForm => ({
  topics: topics.map((topic) => ({ name: topic.name, keywords: topic.keywords.join('\n') })),
});

export const fromTopicsForm = (form: TopicsForm): TopicDefinition[] =>
  form.topics.map((topic) => ({ name: topic.name.trim(), keywords: keywordLines(topic.keywords) }));
