// Which of a campaign's topics a conversation touches: a topic matches when one of its keywords occurs as whole
// words in a turn (case and accents ignored, "e-mail" = "email"); a keyword ending in `*` matches any word it
// starts, so "rembours*" finds "remboursement" and "rembourser".
import type { TopicDefinition } from '../../contract/campaigns';
import { clausesOf, phraseOf, type Clause } from './text/words';

interface Keyword {
  words: string[];
  /** The last word is a prefix. */
  prefix: boolean;
}

function keywordOf(text: string): Keyword | null {
  const prefix = text.trim().endsWith('*');
  const words = phraseOf(prefix ? text.trim().slice(0, -1) : text);
  return words.length > 0 ? { words, prefix } : null;
}

function occursIn(clause: Clause, { words, prefix }: Keyword): boolean {
  const last = words.length - 1;
  for (let start = 0; start + last < clause.length; start++) {
    const matches = words.every((word, offset) => {
      const candidate = clause[start + offset] ?? '';
      return prefix && offset === last ? candidate.startsWith(word) : candidate === word;
    });
    if (matches) return true;
  }
  return false;
}

/** The names of the topics found in `texts`, in the campaign's order. */
export function matchTopics(texts: readonly string[], topics: readonly TopicDefinition[]): string[] {
  const clauses = texts.flatMap(clausesOf);
  const names = topics
    .filter((topic) =>
      topic.keywords
        .map(keywordOf)
        .some((keyword) => keyword !== null && clauses.some((clause) => occursIn(clause, keyword))),
    )
    .map((topic) => topic.name);
  return [...new Set(names)];
}
