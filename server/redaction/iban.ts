// IBANs: a country code, two check digits and the account, written together or in groups of four, valid by their
// country's length and structure and by the ISO 7064 checksum (ibantools). Within a longer run, the longest
// valid prefix is taken.
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { PiiSpan } from './pii';

const candidate = /(?<![\p{L}\p{N}])[A-Z]{2}\s?\d{2}(?:[ -]?[A-Z0-9]){10,30}/giu;

export function findIbans(text: string): PiiSpan[] {
  const spans: PiiSpan[] = [];
  for (const match of text.matchAll(candidate)) {
    const raw = match[0];
    for (let end = raw.length; end >= 14; end--) {
      if (!/[A-Z0-9]/i.test(raw[end - 1]!)) continue;
      const compact = electronicFormatIBAN(raw.slice(0, end).toUpperCase());
      if (compact && isValidIBAN(compact)) {
        spans.push({ type: 'iban', start: match.index, end: match.index + end });
        break;
      }
    }
  }
  return spans;
}
