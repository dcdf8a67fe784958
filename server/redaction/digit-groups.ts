// Runs of digit groups (`4111 1111-1111 1111`): the candidates that card numbers are read from.

/** One group of digits of a run, with its place in the text. */
export interface DigitGroup {
  digits: string;
  start: number;
  end: number;
}

/** Groups of digits separated by one space, dot or hyphen; a run ends at anything else. */
export function digitGroupRuns(text: string): DigitGroup[][] {
  const runs: DigitGroup[][] = [];
  let run: DigitGroup[] = [];
  for (const match of text.matchAll(/\d+/g)) {
    const group = { digits: match[0], start: match.index, end: match.index + match[0].length };
    const previous = run.at(-1);
    const between = previous ? text.slice(previous.end, group.start) : '';
    if (previous && !/^[ .-]$/.test(between)) {
      runs.push(run);
      run = [];
    }
    run.push(group);
  }
  if (run.length > 0) runs.push(run);
  // A digit run glued to letters (a reference like `AB1234`) is not a number said on its own.
  return runs.filter((groups) => {
    const before = text[groups[0]!.start - 1] ?? '';
    const after = text[groups.at(-1)!.end] ?? '';
    return !/\p{L}/u.test(before) && !/\p{L}/u.test(after);
  });
}
