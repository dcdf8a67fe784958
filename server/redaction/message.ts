// A message for a provider redacted: when it is JSON (as the engines' user messages are), every string in it on
// its own, so that nothing is read across two turns and the JSON stays whole; otherwise each line on its own.
import { redacted } from './redact';

function redactStrings(value: unknown): unknown {
  if (typeof value === 'string') return redacted(value);
  if (Array.isArray(value)) return value.map(redactStrings);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactStrings(inner)]));
  return value;
}

function parsedJson(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

export function redactMessage(content: string): string {
  const json = parsedJson(content);
  if (json) return JSON.stringify(redactStrings(json.value));
  return content.split('\n').map(redacted).join('\n');
}
