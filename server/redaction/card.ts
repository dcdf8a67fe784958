// Payment card numbers: as long as their network's numbers are (Visa 13, 16 or 19 digits, Mastercard 16, Amex 15…),
// written together or in groups of at least four (4-4-4-4, 4-6-5), passing the Luhn check. Within a longer run of
// groups (a number then an expiry date), the longest stretch of whole groups that passes is taken.
import { digitGroupRuns, type DigitGroup } from './digit-groups';
import { passesLuhn } from './luhn';
import type { PiiSpan } from './pii';

/** The networks' first digits and lengths. */
const networks: [RegExp, number[]][] = [
  [/^4/, [13, 16, 19]],
  [/^(5[1-5]|2[2-7])/, [16]],
  [/^3[47]/, [15]],
  [/^3(0|6|8)/, [14, 16]],
  [/^35/, [16, 17, 18, 19]],
  [/^6/, [16, 17, 18, 19]],
];

const isCardNumber = (digits: string) =>
  networks.some(([prefix, lengths]) => prefix.test(digits) && lengths.includes(digits.length)) &&
  passesLuhn(digits);

/** Cards are written in groups of four or more; a number in pairs (a date, a NIR) is something else. */
const cardGrouping = (groups: readonly DigitGroup[]) =>
  groups.slice(0, -1).every((group) => group.digits.length >= 4);

/** The longest stretch of whole groups, from the earliest start, that is a card number. */
function cardIn(groups: readonly DigitGroup[]): { from: number; to: number } | null {
  for (let from = 0; from < groups.length; from++) {
    for (let to = groups.length - 1; to >= from; to--) {
      const digits = groups
        .slice(from, to + 1)
        .map((group) => group.digits)
        .join('');
      if (digits.length < 13) break;
      if (cardGrouping(groups.slice(from, to + 1)) && isCardNumber(digits)) return { from, to };
    }
  }
  return null;
}

export function findCards(text: string): PiiSpan[] {
  const spans: PiiSpan[] = [];
  for (const run of digitGroupRuns(text)) {
    let rest = run;
    for (let found = cardIn(rest); found; found = cardIn(rest)) {
      spans.push({ type: 'card', start: rest[found.from]!.start, end: rest[found.to]!.end });
      rest = rest.slice(found.to + 1);
    }
  }
  return spans;
}
