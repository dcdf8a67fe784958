// A turn as the text analyses read it: who speaks, and what they say (an email's subject read with its body).
import type { Speaker } from '../../../contract/conversations';

export interface TextTurn {
  speaker: Speaker;
  text: string;
  subject?: string | null;
}

export const fullTextOf = (turn: Pick<TextTurn, 'text' | 'subject'>): string =>
  turn.subject ? `${turn.subject}\n${turn.text}` : turn.text;
