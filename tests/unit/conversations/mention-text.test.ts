// Typing mentions in a discussion message: finding the "@…" at the caret, the users it may name, inserting the
// picked name, and reading back whom a text mentions.
import { describe, expect, it } from 'vitest';
import {
  insertMention,
  matchingUsers,
  mentionedIds,
  mentionQueryAt,
  messageParts,
} from '../../../src/views/pages/conversations/discussion/mention-text';

const sophie = { id: 's', name: 'Sophie Martin' };
const chloe = { id: 'c', name: 'Chloé Moreau' };
const ann = { id: 'a', name: 'Ann' };
const annLee = { id: 'al', name: 'Ann Lee' };
const users = [sophie, chloe, ann, annLee];

describe('mentionQueryAt', () => {
  it('finds an "@" starting a word before the caret, with what follows it', () => {
    expect(mentionQueryAt('Hi @so', 6)).toEqual({ start: 3, query: 'so' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('Hi @Sophie Ma and more', 13)).toEqual({ start: 3, query: 'Sophie Ma' });
    expect(mentionQueryAt('(@chl', 5)).toEqual({ start: 1, query: 'chl' });
  });

  it('ignores email addresses, line breaks, double spaces, a leading space and a text without "@"', () => {
    expect(mentionQueryAt('mail me@home', 12)).toBeNull();
    expect(mentionQueryAt('@so\nnext', 8)).toBeNull();
    expect(mentionQueryAt('@Sophie  x', 10)).toBeNull();
    expect(mentionQueryAt('@ so', 4)).toBeNull();
    expect(mentionQueryAt('no mention', 10)).toBeNull();
    expect(mentionQueryAt(`@${'x'.repeat(41)}`, 42)).toBeNull();
  });
});

describe('matchingUsers', () => {
  it('matches the start of the name or of any of its words, without regard to case or accents', () => {
    expect(matchingUsers(users, 'mar')).toEqual([sophie]);
    expect(matchingUsers(users, 'CHLOE')).toEqual([chloe]);
    expect(matchingUsers(users, 'sophie m')).toEqual([sophie]);
    expect(matchingUsers(users, '')).toEqual(users);
    expect(matchingUsers(users, '', 2)).toEqual([sophie, chloe]);
    expect(matchingUsers(users, 'artin')).toEqual([]);
  });

  it('offers nobody once a whole name is followed by a space, as after picking it', () => {
    expect(matchingUsers(users, 'Sophie Martin ')).toEqual([]);
    expect(matchingUsers(users, 'Ann ')).toEqual([]);
    expect(matchingUsers(users, 'Ann L')).toEqual([annLee]);
  });
});

describe('insertMention', () => {
  it('replaces the query with the full name and a space, and puts the caret after it', () => {
    expect(insertMention('Hi @so, see', { start: 3, query: 'so' }, sophie)).toEqual({
      text: 'Hi @Sophie Martin , see',
      caret: 18,
    });
  });
});

describe('mentionedIds and messageParts', () => {
  it('names each mentioned user once, longest name first, and not a name running into a word', () => {
    expect(mentionedIds('@Ann Lee and @Sophie Martin, then @Sophie Martin again', users)).toEqual([
      'al',
      's',
    ]);
    expect(mentionedIds('@Ann and @Annabel', users)).toEqual(['a']);
    expect(mentionedIds('Sophie Martin without an at', users)).toEqual([]);
    expect(mentionedIds('@Sophie Martin', [])).toEqual([]);
  });

  it('cuts a message into text and mentions', () => {
    expect(messageParts('Hey @Chloé Moreau, look.', users)).toEqual([
      { text: 'Hey ' },
      { mention: '@Chloé Moreau' },
      { text: ', look.' },
    ]);
    expect(messageParts('@Ann', [ann])).toEqual([{ mention: '@Ann' }]);
    expect(messageParts('plain', [])).toEqual([{ text: 'plain' }]);
  });
});
