// The PII detectors and the redaction that replaces what they find with placeholders naming its type.
import { describe, expect, it } from 'vitest';
import { readLabelledSet } from '../../../bench/redaction/labelled-set';
import { findCards } from '../../../server/redaction/card';
import { detectPii } from '../../../server/redaction/detect';
import { findEmails } from '../../../server/redaction/email';
import { findIbans } from '../../../server/redaction/iban';
import { passesLuhn } from '../../../server/redaction/luhn';
import { findNirs } from '../../../server/redaction/nir';
import { findPhones } from '../../../server/redaction/phone';
import { redacted, redactText } from '../../../server/redaction/redact';
import { writeSpokenDigits } from '../../../server/redaction/spoken-numbers';

const found = (spans: { start: number; end: number }[], text: string) =>
  spans.map(({ start, end }) => text.slice(start, end));

describe('the detectors', () => {
  it('finds written and spoken email addresses', () => {
    const text = 'Write to jean.dupont@example.fr or john dot smith at gmail dot com, not at home.';
    expect(found(findEmails(text), text)).toEqual([
      'jean.dupont@example.fr',
      'john dot smith at gmail dot com',
    ]);
  });

  it('finds French, international and North American phone numbers, not references glued to letters', () => {
    const text = 'Call 06 12 34 56 78, +44 20 7946 0958 or (415) 555-2671; parcel 6A13644869166FR.';
    expect(found(findPhones(text), text)).toEqual(
      expect.arrayContaining(['06 12 34 56 78', '+44 20 7946 0958', '(415) 555-2671']),
    );
    expect(found(findPhones(text), text)).not.toContain('13644869166');
  });

  it('finds card numbers that pass Luhn, and not those that fail it', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    const text = 'Card 4111 1111 1111 1111 12/26, Amex 3782-822463-10005, order 4111 1111 1111 1112.';
    expect(found(findCards(text), text)).toEqual(['4111 1111 1111 1111', '3782-822463-10005']);
  });

  it('finds IBANs whose checksum holds', () => {
    const text = 'Pay FR76 3000 6000 0112 3456 7890 189 not FR77 3000 6000 0112 3456 7890 189.';
    expect(found(findIbans(text), text)).toEqual(['FR76 3000 6000 0112 3456 7890 189']);
  });

  it('finds NIRs whose key holds, Corsica included', () => {
    const text = 'NIR 1 85 05 78 006 084 91, 2 69 05 2A 123 456 88, wrong 1 85 05 78 006 084 92.';
    expect(found(findNirs(text), text)).toEqual(['1 85 05 78 006 084 91', '2 69 05 2A 123 456 88']);
  });

  it('writes spoken digits in English and French', () => {
    expect(writeSpokenDigits('oh seven seven double oh nine, twenty one').text).toBe('07700921');
    expect(
      writeSpokenDigits('zéro six, douze, soixante-dix-huit, quatre-vingt-dix-neuf, vingt et un').text,
    ).toBe('0612789921');
    expect(writeSpokenDigits('il a attendu vingt minutes').text).toBe('il a attendu 20 minutes');
  });
});

describe('redaction', () => {
  it('replaces each find with its placeholder, spoken forms as a whole', () => {
    expect(
      redacted('My card is four one one one one one one one one one one one one one one one, thanks.'),
    ).toBe('My card is [CARD], thanks.');
    expect(redacted("C'est le zéro six douze trente-quatre cinquante-six soixante-dix-huit.")).toBe(
      "C'est le [PHONE].",
    );
    expect(redacted('Mail me at a.b@example.com or call +33 6 12 34 56 78, NIR 185057800608491.')).toBe(
      'Mail me at [EMAIL] or call [PHONE], NIR [NIR].',
    );
  });

  it('leaves dates, times, amounts and postcodes alone, and redacted text as it is', () => {
    const text = 'On 12/03/2024 at 14h30 I paid 1 249,99 € for order 4938-7797-0464-6234, postcode 75011.';
    expect(redactText(text)).toEqual({ text, spans: [] });
    expect(redacted('[CARD] and [PHONE]')).toBe('[CARD] and [PHONE]');
  });

  it('finds the spans labelled in a few sentences of the bench set', () => {
    const sentences = readLabelledSet();
    for (const index of [0, 5, 9, 14, 240, 253, 255]) {
      const { text, expected } = sentences[index]!;
      expect(detectPii(text), text).toEqual(expected);
    }
  });
});
