// Turns as a flat list of texts to translate (each text, then its subject when it has one), and back.
import type { TranslatableTurn } from './index';

export function itemsOf(turns: readonly TranslatableTurn[]): string[] {
  return turns.flatMap((turn) => (turn.subject === null ? [turn.text] : [turn.text, turn.subject]));
}

/** The turns rebuilt from their translated items, which must come in the order `itemsOf` gave them. */
export function turnsFromItems(
  turns: readonly TranslatableTurn[],
  items: readonly string[],
): TranslatableTurn[] {
  let next = 0;
  const take = () => {
    const item = items[next++];
    if (item === undefined) throw new Error('A translated item is missing');
    return item;
  };
  return turns.map((turn) => ({ text: take(), subject: turn.subject === null ? null : take() }));
}
