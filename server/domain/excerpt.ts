// A text's first words, as a notification quotes the message it is about.

/**
 * The text with its whitespace folded to single spaces, cut to at most `length` characters at the last word
 * boundary before the cut (mid-word only when one word is longer), with an ellipsis when something was cut.
 */
export function excerptOf(text: string, length: number): string {
  const folded = text.trim().replace(/\s+/gu, ' ');
  if (folded.length <= length) return folded;
  const cut = folded.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > 0 ? cut.slice(0, lastSpace) : cut}…`;
}
