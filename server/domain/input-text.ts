// A call given as text ("Agent: …\nCustomer: …") read into speaker turns: the label before the first colon names
// the speaker, in English or French; a line without a known label continues the turn before it.
import type { Speaker } from '../../contract/conversations';
import { Invalid } from '../errors';

export interface TextTurn {
  speaker: Speaker;
  text: string;
}

/** The labels a line may start with, lower-cased: Agent / Customer, and in French Agent / Client. */
const speakersByLabel: Record<string, Speaker> = { agent: 'agent', customer: 'customer', client: 'customer' };

/** A label is one or two words before a colon; French typography puts a space before the colon ("Client : …"). */
const labelledLine = /^\s*([\p{L}]+(?: [\p{L}]+)?)\s*:\s?(.*)$/u;

function speakerOf(line: string): { speaker: Speaker; text: string } | null {
  const match = labelledLine.exec(line);
  const speaker = match && speakersByLabel[(match[1] ?? '').toLowerCase()];
  return speaker ? { speaker, text: (match[2] ?? '').trim() } : null;
}

/**
 * The turns of the text, in order. Blank lines are dropped; a continuation line joins its turn on a new line;
 * a labelled line whose turn stays empty (a label alone) gives no turn.
 */
export function parseInputText(inputText: string): TextTurn[] {
  const turns: TextTurn[] = [];
  for (const line of inputText.split(/\r\n|\r|\n/)) {
    if (line.trim() === '') continue;
    const labelled = speakerOf(line);
    const current = turns.at(-1);
    if (labelled) {
      turns.push(labelled);
    } else if (current) {
      current.text = current.text === '' ? line.trim() : `${current.text}\n${line.trim()}`;
    } else {
      throw new Invalid('input_text must start with a speaker label: "Agent:", "Customer:" or "Client:"');
    }
  }
  return turns.filter((turn) => turn.text !== '');
}
