// Reads what `pocketsphinx_continuous -time yes` prints: for each utterance its hypothesis, then one line per word
// (`word start end confidence`, seconds from the start of the file) between `<s>` and `</s>`.
import type { TimedSegment } from './gate';

const wordLine = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;

/** Fillers and markers the recogniser emits that are not words: silence, breath, noise, utterance bounds. */
const isFiller = (word: string) => /^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(word);

/** `word(2)` is the second pronunciation of `word` in the dictionary. */
const spelling = (word: string) => word.replace(/\(\d+\)$/, '');

export interface PocketsphinxReader {
  /** Takes the next line of output; returns the segment it completes, if it ends an utterance. */
  line(text: string): TimedSegment | null;
}

/** Turns the output into one segment per utterance, from its first word's start to its last word's end. */
export function createPocketsphinxReader(): PocketsphinxReader {
  let words: { text: string; start: number; end: number }[] = [];
  return {
    line(text) {
      const match = wordLine.exec(text.trim());
      if (!match) return null;
      const [, word = '', start = '0', end = '0'] = match;
      if (word === '<s>') words = [];
      else if (word === '</s>') {
        const utterance = words;
        words = [];
        const first = utterance[0];
        const last = utterance.at(-1);
        if (!first || !last) return null;
        return { start_s: first.start, end_s: last.end, text: utterance.map((w) => w.text).join(' ') };
      } else if (!isFiller(word))
        words.push({ text: spelling(word), start: Number(start), end: Number(end) });
      return null;
    },
  };
}

export function parsePocketsphinxOutput(output: string): TimedSegment[] {
  const reader = createPocketsphinxReader();
  return output.split('\n').flatMap((line) => reader.line(line) ?? []);
}
