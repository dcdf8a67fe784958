// Phone numbers: French numbers in their national forms (`06 12 34 56 78`, `01.23.45.67.89`), any number in
// international form (`+44 20 7946 0958`, `0033 6…`), and British and North American national forms, as
// libphonenumber-js finds them in text with its full metadata. Numbers of a possible length for their country and
// kind count, not only those in ranges given out today: a fictional or newly opened range is still someone's
// number.
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/max';
import type { PiiSpan } from './pii';

/** The countries whose national forms are read without a `+`: France first, then the English-speaking ones. */
const nationalForms: CountryCode[] = ['FR', 'GB', 'US'];

/** Digits glued to letters (a parcel's `6A13644869166FR`) are a reference, not a number said on its own. */
const standsAlone = (text: string, start: number, end: number) =>
  !/[\p{L}\p{N}]/u.test(text[start - 1] ?? '') && !/[\p{L}\p{N}]/u.test(text[end] ?? '');

export function findPhones(text: string): PiiSpan[] {
  return nationalForms.flatMap((country) => {
    // The library's types leave `leniency` out; its text search reads it (its README documents `POSSIBLE`).
    const options = { defaultCountry: country, leniency: 'POSSIBLE' };
    return findPhoneNumbersInText(text, options)
      .filter(({ startsAt, endsAt }) => standsAlone(text, startsAt, endsAt))
      .map(({ startsAt, endsAt }): PiiSpan => ({ type: 'phone', start: startsAt, end: endsAt }));
  });
}
