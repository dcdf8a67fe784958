// Editing a transcript: what the user changed, and where someone else's newer version differs from it.
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../contract/conversations';
import { differencesFrom, draftOf, sameSegments } from '../../../src/views/pages/transcript/transcript-draft';

const turn = (speaker: Turn['speaker'], text: string): Turn => ({
  speaker,
  text,
  subject: null,
  start_s: 1,
  end_s: 2,
  sent_at: null,
  sentiment: 'NEUTRAL',
});

describe('transcript drafts', () => {
  const read = draftOf([turn('agent', 'Hello.'), turn('customer', 'Hi.')]);

  it('keeps only speaker and text, and tells a changed draft from the one read', () => {
    expect(read).toEqual([
      { speaker: 'agent', text: 'Hello.' },
      { speaker: 'customer', text: 'Hi.' },
    ]);
    expect(sameSegments(read, draftOf([turn('agent', 'Hello.'), turn('customer', 'Hi.')]))).toBe(true);
    expect(sameSegments(read, [read[0]!, { speaker: 'agent', text: 'Hi.' }])).toBe(false);
    expect(sameSegments(read, [read[0]!, { speaker: 'customer', text: 'Hi!' }])).toBe(false);
    expect(sameSegments(read, read.slice(0, 1))).toBe(false);
  });

  it('lists, per segment, the other version where it differs', () => {
    const mine = [read[0]!, { speaker: 'customer' as const, text: 'Hi there.' }];
    const theirs = [{ speaker: 'customer' as const, text: 'Hello.' }, read[1]!];
    expect(differencesFrom(mine, theirs)).toEqual([{ speaker: 'customer', text: 'Hello.' }, read[1]]);
    expect(differencesFrom(mine, mine)).toEqual([null, null]);
    expect(differencesFrom(mine, theirs.slice(0, 1))).toEqual([theirs[0], null]);
  });
});
