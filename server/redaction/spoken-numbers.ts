// Spoken digits turned into written ones, so that the detectors of written numbers find them too: a run of number
// words ("four one one one…", "zéro six douze trente-quatre…", "oh seven double five…") becomes the digits it says,
// written together, in a copy of the text that remembers where each run came from.
import { hundreds, isNumberWord, joiners, repeats, teens, tens, units } from './number-words';

interface Token {
  word: string;
  start: number;
  end: number;
}

/** A run of number words replaced by its digits: where it is in the text and in the copy. */
interface Replaced {
  start: number;
  end: number;
  copyStart: number;
  copyEnd: number;
}

export interface WrittenDigits {
  /** The text with each run of spoken digits written as digits. */
  text: string;
  /** The offsets in the original text of a span found in `text`, widened to whole runs. */
  toOriginal(start: number, end: number): { start: number; end: number };
}

const isDigits = (word: string) => /^\d+$/.test(word);

/** Reads numbers from the run's words, each as the digits it says, one after the other. */
function digitsOf(words: readonly string[]): string {
  let digits = '';
  let index = 0;
  const peek = (offset = 0) => words[index + offset] ?? '';

  /** A number below a hundred at `index`, or null. */
  function belowHundred(): number | null {
    const word = peek();
    if (word === 'quatre' && (peek(1) === 'vingt' || peek(1) === 'vingts')) {
      index += 2;
      const rest = belowTwenty(true);
      return 80 + (rest ?? 0);
    }
    if (word in tens) {
      index += 1;
      const base = tens[word]!;
      if (joiners.has(peek()) && (peek(1) === 'un' || peek(1) === 'une' || peek(1) === 'onze')) index += 1;
      const rest = belowTwenty(base === 60 || base === 80);
      return base + (rest ?? 0);
    }
    return belowTwenty(true);
  }

  /** A unit (1–9), or a teen when `teensToo`, at `index`; "dix-sept" read as 17. */
  function belowTwenty(teensToo: boolean): number | null {
    const word = peek();
    if (word in units && units[word] !== 0 && word !== 'oh' && word !== 'o') {
      index += 1;
      return units[word]!;
    }
    if (teensToo && word in teens) {
      index += 1;
      const next = peek();
      if (word === 'dix' && (next === 'sept' || next === 'huit' || next === 'neuf')) {
        index += 1;
        return 10 + units[next]!;
      }
      return teens[word]!;
    }
    return null;
  }

  while (index < words.length) {
    const word = peek();
    if (isDigits(word)) {
      digits += word;
      index += 1;
    } else if (word in repeats) {
      index += 1;
      const before = digits.length;
      readOne();
      const said = digits.slice(before);
      digits += said.repeat(repeats[word]! - 1);
    } else {
      readOne();
    }
  }
  return digits;

  /** One number at `index`: a zero, a number below a thousand, or a word skipped. */
  function readOne() {
    const word = peek();
    if (word in units && units[word] === 0) {
      digits += '0';
      index += 1;
      return;
    }
    if (isDigits(word)) {
      digits += word;
      index += 1;
      return;
    }
    if (hundreds.has(word)) {
      index += 1;
      if (joiners.has(peek())) index += 1;
      digits += String(100 + (belowHundred() ?? 0));
      return;
    }
    const value = belowHundred();
    if (value === null) {
      index += 1;
      return;
    }
    if (value < 10 && hundreds.has(peek())) {
      index += 1;
      if (joiners.has(peek())) index += 1;
      digits += String(value * 100 + (belowHundred() ?? 0));
      return;
    }
    digits += String(value);
  }
}

const articles = new Set(['un', 'une', 'one']);

const belongsToRun = (word: string) => isDigits(word) || isNumberWord(word) || joiners.has(word);

/** Between two words of one run: spaces, commas and hyphens only. */
const runGap = /^[\s,\-–]*$/;

function runsOf(text: string): Token[][] {
  const tokens: Token[] = [...text.matchAll(/[\p{L}]+|\d+/gu)].map((match) => ({
    word: match[0].toLowerCase(),
    start: match.index,
    end: match.index + match[0].length,
  }));
  const runs: Token[][] = [];
  let run: Token[] = [];
  const close = () => {
    // Joining words at the edges belong to the sentence, not to the number.
    while (run.length > 0 && (joiners.has(run[0]!.word) || run[0]!.word in repeats)) run.shift();
    while (run.length > 0 && (joiners.has(run.at(-1)!.word) || run.at(-1)!.word in repeats)) run.pop();
    // "…, soixante-treize, zéro un, un fixe": after a comma, "un"/"one" is the sentence's article or pronoun.
    while (
      run.length > 1 &&
      articles.has(run.at(-1)!.word) &&
      text.slice(run.at(-2)!.end, run.at(-1)!.start).includes(',')
    )
      run.pop();
    if (run.some((token) => !isDigits(token.word))) runs.push(run);
    run = [];
  };
  for (const token of tokens) {
    const previous = run.at(-1);
    if (!belongsToRun(token.word) || (previous && !runGap.test(text.slice(previous.end, token.start))))
      close();
    if (belongsToRun(token.word)) run.push(token);
  }
  close();
  return runs;
}

export function writeSpokenDigits(text: string): WrittenDigits {
  const replaced: Replaced[] = [];
  let copy = '';
  let from = 0;
  for (const run of runsOf(text)) {
    const start = run[0]!.start;
    const end = run.at(-1)!.end;
    const digits = digitsOf(run.map((token) => token.word));
    copy += text.slice(from, start);
    replaced.push({ start, end, copyStart: copy.length, copyEnd: copy.length + digits.length });
    copy += digits;
    from = end;
  }
  copy += text.slice(from);

  /** The original offset of a copy offset; inside a replaced run, its start (or end, for an end offset). */
  function original(offset: number, isEnd: boolean): number {
    let shift = 0;
    for (const run of replaced) {
      if (isEnd ? offset <= run.copyStart : offset < run.copyStart) break;
      if (isEnd ? offset <= run.copyEnd : offset < run.copyEnd) return isEnd ? run.end : run.start;
      shift = run.end - run.copyEnd;
    }
    return offset + shift;
  }

  return {
    text: copy,
    toOriginal: (start, end) => ({ start: original(start, false), end: original(end, true) }),
  };
}
