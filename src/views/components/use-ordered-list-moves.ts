// Moving and removing the entries of an ordered form list (react-hook-form's field array) with its buttons, focus
// following: after a move, to the moved entry's button in the same direction (the other one at an edge, where that
// button is gone); after a removal, to the list's "add" button, whose ref it gives.
import { useRef } from 'react';

export type MoveDirection = 'up' | 'down';

interface FieldArray {
  fields: readonly unknown[];
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

export function useOrderedListMoves(
  list: FieldArray,
  moveButtonId: (index: number, direction: MoveDirection) => string,
) {
  const addButton = useRef<HTMLButtonElement>(null);
  const move = (index: number, direction: MoveDirection) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    list.move(index, to);
    const atEdge = direction === 'up' ? to === 0 : to === list.fields.length - 1;
    const focused = atEdge ? (direction === 'up' ? 'down' : 'up') : direction;
    // The moved entry's buttons are drawn at their new place after this render.
    setTimeout(() => document.getElementById(moveButtonId(to, focused))?.focus());
  };
  const remove = (index: number) => {
    list.remove(index);
    addButton.current?.focus();
  };
  return { addButton, move, remove };
}
