// A transcript being edited: its segments' speakers and texts (timestamps stay as they are), whether the user
// changed them, and where a newer version saved by someone else differs from the user's.
import type { Speaker, Turn } from '../../../../contract/conversations';

export interface DraftSegment {
  speaker: Speaker;
  text: string;
}

export const draftOf = (turns: readonly Turn[]): DraftSegment[] =>
  turns.map(({ speaker, text }) => ({ speaker, text }));

export const sameSegment = (a: DraftSegment | undefined, b: DraftSegment | undefined): boolean =>
  a !== undefined && b !== undefined && a.speaker === b.speaker && a.text === b.text;

export const sameSegments = (a: readonly DraftSegment[], b: readonly DraftSegment[]): boolean =>
  a.length === b.length && a.every((segment, index) => sameSegment(segment, b[index]));

/** Per segment of the draft, the other version's segment where it differs; null where they agree. */
export const differencesFrom = (
  draft: readonly DraftSegment[],
  theirs: readonly DraftSegment[],
): (DraftSegment | null)[] =>
  draft.map((segment, index) => {
    const their = theirs[index];
    return their && !sameSegment(segment, their) ? their : null;
  });
