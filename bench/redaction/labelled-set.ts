// Reads bench/redaction/labelled-set.txt: one sentence a line, `language<TAB>text`, each piece of personal data
// marked `{type:text}`; the marks are taken out and kept as the expected spans.
import { readFileSync } from 'node:fs';
import type { Language } from '../../contract/enums';
import type { PiiSpan, PiiType } from '../../server/redaction/pii';

export interface LabelledSentence {
  language: Language;
  text: string;
  expected: PiiSpan[];
}

export function readLabelledSet(): LabelledSentence[] {
  const file = readFileSync(new URL('./labelled-set.txt', import.meta.url), 'utf8');
  return file
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [language, marked] = line.split('\t') as [Language, string];
      const expected: PiiSpan[] = [];
      let text = '';
      let from = 0;
      for (const match of marked.matchAll(/\{(\w+):([^}]*)\}/g)) {
        text += marked.slice(from, match.index);
        expected.push({ type: match[1] as PiiType, start: text.length, end: text.length + match[2]!.length });
        text += match[2];
        from = match.index + match[0].length;
      }
      return { language, text: text + marked.slice(from), expected };
    });
}
