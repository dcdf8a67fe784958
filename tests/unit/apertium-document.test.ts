// The document a conversation goes through apertium as: items in numbered paragraphs, escaped and back.
import { describe, expect, it } from 'vitest';
import { fromApertiumDocument, toApertiumDocument } from '../../server/engines/translation/apertium-document';
import { itemsOf, turnsFromItems } from '../../server/engines/translation/items';

describe('apertium document', () => {
  it('round-trips items with markup characters, blank lines and accents', () => {
    const items = ['5 < 6 & 7 > 2', 'Ligne un\n\nLigne deux', '', 'Déjà vu'];
    expect(fromApertiumDocument(toApertiumDocument(items), items.length)).toEqual(items);
  });

  it('tidies the spaces apertium leaves and reads its entities', () => {
    const translated =
      '<p id="i0"> Je  veux annuler.\n second</p>\n<p id="i1">l&#39;attente &quot;longue&quot;</p>';
    expect(fromApertiumDocument(translated, 2)).toEqual(['Je veux annuler.\nsecond', 'l\'attente "longue"']);
  });

  it('fails when an item did not come back', () => {
    expect(() => fromApertiumDocument('<p id="i0">un</p>', 2)).toThrow(/item 1/);
  });
});

describe('translation items', () => {
  it('flattens turns with their subjects and rebuilds them in order', () => {
    const turns = [
      { text: 'body one', subject: 'subject one' },
      { text: 'body two', subject: null },
    ];
    const items = itemsOf(turns);
    expect(items).toEqual(['body one', 'subject one', 'body two']);
    expect(
      turnsFromItems(
        turns,
        items.map((item) => item.toUpperCase()),
      ),
    ).toEqual([
      { text: 'BODY ONE', subject: 'SUBJECT ONE' },
      { text: 'BODY TWO', subject: null },
    ]);
    expect(() => turnsFromItems(turns, ['only one'])).toThrow(/missing/);
  });
});
