// The kinds of personal data the redaction finds, where it found them, and the placeholder each becomes.
export const piiTypes = ['email', 'phone', 'card', 'iban', 'nir'] as const;
export type PiiType = (typeof piiTypes)[number];

/** A piece of personal data in a text: `text.slice(start, end)`. */
export interface PiiSpan {
  type: PiiType;
  start: number;
  end: number;
}

/** What a span becomes in redacted text: the type's name, so a reader still knows what was said. */
export const placeholderOf = (type: PiiType): string => `[${type.toUpperCase()}]`;

/** Every placeholder, as found in redacted text. */
export const placeholderPattern = new RegExp(
  `\\[(?:${piiTypes.map((t) => t.toUpperCase()).join('|')})\\]`,
  'g',
);
