// Redaction: each piece of personal data in a text replaced by the placeholder of its type (`[CARD]`, `[EMAIL]`…).
// Redacting redacted text changes nothing.
import { detectPii } from './detect';
import { placeholderOf, type PiiSpan } from './pii';

export interface Redaction {
  text: string;
  /** What was replaced, in the original text's offsets. */
  spans: PiiSpan[];
}

export function redactText(text: string): Redaction {
  const spans = detectPii(text);
  let redacted = '';
  let from = 0;
  for (const span of spans) {
    redacted += text.slice(from, span.start) + placeholderOf(span.type);
    from = span.end;
  }
  return { text: redacted + text.slice(from), spans };
}

export const redacted = (text: string): string => redactText(text).text;
