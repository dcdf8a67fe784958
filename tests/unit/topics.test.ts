// Topics from a campaign's keyword definitions: whole words, case and accents ignored, prefixes with `*`.
import { describe, expect, it } from 'vitest';
import { campaignSettingsSchema } from '../../contract/campaigns';
import { matchTopics } from '../../server/domain/topics';

const topics = [
  { name: 'Billing', keywords: ['invoice', 'facture', 'charged twice'] },
  { name: 'Refunds', keywords: ['rembours*', 'refund*'] },
  { name: 'Delivery', keywords: ['livraison', 'parcel', 'colis'] },
  { name: 'Email', keywords: ['e-mail'] },
  { name: 'Complaints', keywords: ['réclamation'] },
];

describe('matchTopics', () => {
  it('finds whole words and phrases, whatever the case and accents', () => {
    expect(matchTopics(['My INVOICE is wrong'], topics)).toEqual(['Billing']);
    expect(matchTopics(['La Facture est fausse'], topics)).toEqual(['Billing']);
    expect(matchTopics(['RECLAMATION urgente'], topics)).toEqual(['Complaints']);
    expect(matchTopics(['I was Charged  Twice.'], topics)).toEqual(['Billing']);
    expect(matchTopics(['Où est ma livraison ?'], topics)).toEqual(['Delivery']);
  });

  it('does not match inside a word, nor a phrase across punctuation', () => {
    expect(matchTopics(['The invoices are ready', 'parcels'], topics)).toEqual([]);
    expect(matchTopics(['I was charged. Twice I called.'], topics)).toEqual([]);
  });

  it('matches the words a keyword ending in * starts', () => {
    expect(matchTopics(['Je veux être remboursée'], topics)).toEqual(['Refunds']);
    expect(matchTopics(['Refunding takes a week'], topics)).toEqual(['Refunds']);
    expect(matchTopics(['nous remboursons'], topics)).toEqual(['Refunds']);
  });

  it('splits French elisions and joins hyphenated words', () => {
    expect(matchTopics(["Le suivi de l'colis", 'mon email'], topics)).toEqual(['Delivery', 'Email']);
    expect(matchTopics(["l'invoice"], topics)).toEqual(['Billing']);
  });

  it('keeps the campaign order and names each topic once, over every turn', () => {
    expect(matchTopics(['Mon colis', 'ma facture', 'une autre facture'], topics)).toEqual([
      'Billing',
      'Delivery',
    ]);
  });

  it('finds nothing without topics or text', () => {
    expect(matchTopics(['invoice'], [])).toEqual([]);
    expect(matchTopics([], topics)).toEqual([]);
  });
});

describe('campaign settings', () => {
  it('read topics and keep the other keys', () => {
    const settings = campaignSettingsSchema.parse({ topics, theme: 'dark' });
    expect(settings.topics).toHaveLength(5);
    expect(settings).toMatchObject({ theme: 'dark' });
  });

  it('refuse a topic without keywords or with unknown fields', () => {
    expect(campaignSettingsSchema.safeParse({ topics: [{ name: 'Empty', keywords: [] }] }).success).toBe(
      false,
    );
    expect(
      campaignSettingsSchema.safeParse({ topics: [{ name: 'X', keywords: ['x'], colour: 'red' }] }).success,
    ).toBe(false);
  });
});
