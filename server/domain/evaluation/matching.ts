// Phrase matching for the rules engine: case and accents ignored, any run of characters that are not letters or
// digits read as one space, in the text and in the phrase alike, and phrases found as whole words only.
import { foldText } from '../text/words';

const notLetterOrDigit = /[^\p{L}\p{N}]+/gu;

/**
 * The text as the matcher reads it: folded, its words separated by single spaces, with one space at each end so
 * that a phrase searched with its own spaces around it can only start and end at word boundaries.
 */
export function matchingText(text: string): string {
  const words = foldText(text).replace(notLetterOrDigit, ' ').trim();
  return words === '' ? '' : ` ${words} `;
}

/** A phrase of a rule as written in the grid, and as the matcher searches for it. */
export interface Phrase {
  phrase: string;
  pattern: string;
}

/**
 * The phrases ready to search for, once each; a phrase with no letter or digit could only match everything, so
 * it is dropped.
 */
export function matchingPhrases(phrases: readonly string[]): Phrase[] {
  const byPattern = new Map<string, Phrase>();
  for (const phrase of phrases) {
    const pattern = matchingText(phrase);
    if (pattern !== '' && !byPattern.has(pattern)) byPattern.set(pattern, { phrase, pattern });
  }
  return [...byPattern.values()];
}

/** The first of `phrases` found in `text` (a `matchingText`), or undefined. */
export function firstPhraseIn(text: string, phrases: readonly Phrase[]): Phrase | undefined {
  return phrases.find(({ pattern }) => text.includes(pattern));
}
