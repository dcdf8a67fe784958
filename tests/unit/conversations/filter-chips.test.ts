// The list's filter chips: one per active filter (none for the search, whose box says it), each saying the filter
// and its value in English and French, and each carrying the change that removes it and nothing else.
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationFilters } from '../../../contract/conversations';
import en from '../../../src/i18n/en.json';
import fr from '../../../src/i18n/fr.json';
import { compactFilters } from '../../../src/services/filters/conversation-filters';
import {
  filterChips,
  type ChipNames,
} from '../../../src/views/pages/conversations/filter-chips/filter-chips';

async function translator(language: 'en' | 'fr'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const namesIn = (t: TFunction, language: string): ChipNames => ({
  t,
  agent: (id) => ({ u1: 'Emma Martin', u2: 'Lucas Bernard' })[id],
  validator: (id) => ({ u3: 'Sophie Laurent' })[id],
  evalItem: (id) => ({ i1: 'Greeting · Says hello' })[id],
  day: (seconds) => new Date(seconds * 1000).toISOString().slice(0, 10),
  list: (values) => new Intl.ListFormat(language, { type: 'disjunction' }).format(values),
  number: (value) => new Intl.NumberFormat(language).format(value),
});

const filters: ConversationFilters = {
  q: 'refund',
  started_after: Date.UTC(2026, 10, 1) / 1000,
  started_before: Date.UTC(2026, 10, 22) / 1000,
  types: ['chat', 'email'],
  agents: ['u1', 'gone'],
  statuses: ['failed'],
  sentiments: ['NEGATIVE'],
  languages: ['fr'],
  topics: ['billing'],
  duration: { min: { value: 1.5, unit: 'm' } },
  score: { min: 50, max: 80 },
  evalItems: ['i1'],
  validated: false,
  validators: ['u3'],
  conversationsMetadata: { tier: ['gold', 'silver'], region: ['north'] },
};

describe('filter chips', () => {
  let english: TFunction;
  let french: TFunction;
  beforeAll(async () => {
    [english, french] = await Promise.all([translator('en'), translator('fr')]);
  });

  it('say each active filter and its value in English', () => {
    expect(filterChips(filters, namesIn(english, 'en')).map((chip) => chip.text)).toEqual([
      'Started: 2026-11-01 – 2026-11-22',
      'Type: Chat or Email',
      'Agents: Emma Martin or unknown',
      'Status: Failed',
      'Sentiment: Negative',
      'Language: French',
      'Topics: billing',
      'Duration: ≥ 1.5 min',
      'Score: 50–80',
      'Items missed: Greeting · Says hello',
      'Validation: Not validated',
      'Validated by: Sophie Laurent',
      'tier: gold or silver',
      'region: north',
    ]);
  });

  it('say them in French', () => {
    expect(filterChips(filters, namesIn(french, 'fr')).map((chip) => chip.text)).toEqual([
      'Début : du 2026-11-01 au 2026-11-22',
      'Type : Chat ou E-mail',
      'Agents : Emma Martin ou inconnu',
      'Statut : Échec',
      'Sentiment : Négatif',
      'Langue : Français',
      'Thèmes : billing',
      'Durée : ≥ 1,5 min',
      'Score : 50–80',
      'Critères manqués : Greeting · Says hello',
      'Validation : Non validées',
      'Validée par : Sophie Laurent',
      'tier : gold ou silver',
      'region : north',
    ]);
  });

  it('say an open period or range by its one end', () => {
    const texts = filterChips(
      {
        started_before: Date.UTC(2026, 10, 22) / 1000,
        score: { max: 20 },
        duration: { min: null, max: { value: 2, unit: 'h' } },
      },
      namesIn(english, 'en'),
    ).map((chip) => chip.text);
    expect(texts).toEqual(['Started: until 2026-11-22', 'Duration: ≤ 2 h', 'Score: ≤ 20']);
  });

  it('have none for unset filters or the search alone', () => {
    expect(filterChips({}, namesIn(english, 'en'))).toEqual([]);
    expect(filterChips({ q: 'refund', types: [], score: {} }, namesIn(english, 'en'))).toEqual([]);
  });

  it('each remove their own filter and leave the others', () => {
    const chips = filterChips(filters, namesIn(english, 'en'));
    const expected = compactFilters(filters);
    for (const chip of chips) {
      const after = compactFilters({ ...filters, ...chip.removal });
      expect(filterChips(after, namesIn(english, 'en')).map((other) => other.key)).toEqual(
        chips.filter((other) => other.key !== chip.key).map((other) => other.key),
      );
      expect(after.q).toBe(expected.q);
    }
    const tier = chips.find((chip) => chip.key === 'metadata.tier');
    expect(tier?.removal).toEqual({ conversationsMetadata: { region: ['north'] } });
  });
});
