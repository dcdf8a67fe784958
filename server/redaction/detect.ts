// Finding the personal data in a text, in English or French: each detector on the text as written and with its
// spoken digits written out; where two finds overlap, the more specific type wins (an IBAN holds digits a phone
// number could be read from, a card number is not a phone number).
import { findCards } from './card';
import { findEmails } from './email';
import { findIbans } from './iban';
import { findNirs } from './nir';
import { findPhones } from './phone';
import type { PiiSpan } from './pii';
import { writeSpokenDigits } from './spoken-numbers';

/** The detectors of numbers, the most specific first. */
const byPrecedence: ((text: string) => PiiSpan[])[] = [findIbans, findNirs, findCards, findPhones];

const overlaps = (a: PiiSpan, b: PiiSpan) => a.start < b.end && b.start < a.end;

/** The personal data in the text, in order, none overlapping. */
export function detectPii(text: string): PiiSpan[] {
  const found: PiiSpan[] = findEmails(text);
  const written = writeSpokenDigits(text);
  for (const find of byPrecedence) {
    for (const span of find(written.text)) {
      const located = { type: span.type, ...written.toOriginal(span.start, span.end) };
      if (!found.some((other) => overlaps(other, located))) found.push(located);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
