// The button of a control's stand-in (a listbox's, a menu's): it loads the real control on the first sign of
// interest (hover, focus, press) and, once that has arrived, hands over the focus and any press to it.
import { useRef, type ButtonHTMLAttributes } from 'react';
import type { Handover } from './stand-in-handover';

export interface StandInIntent {
  /** Starts loading the real control, for a pointer that comes near. */
  preload: () => void;
  /**
   * Loads the real control and puts it in place once it has arrived, with what `handover` then says to hand over
   * to it, or not yet when it says null (the next call tries again).
   */
  onIntent: (handover: () => Handover | null) => void;
}

/** The stand-in button's ref and event handlers. */
export function useStandInButton({ preload, onIntent }: StandInIntent) {
  const button = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  // A pointer only preloads, and while it is down on the stand-in the swap waits for its click: a control that
  // appeared under a pointer half-way through a click would miss it.
  const pointerDown = useRef(false);
  const handover = () =>
    pointerDown.current ? null : { focus: document.activeElement === button.current, open: pressed.current };
  const press = () => {
    pressed.current = true;
    onIntent(handover);
  };
  const release = () => (pointerDown.current = false);
  const handlers: ButtonHTMLAttributes<HTMLButtonElement> = {
    onPointerEnter: preload,
    onFocus: () => onIntent(handover),
    onPointerDown: () => {
      pointerDown.current = true;
      preload();
    },
    onPointerLeave: release,
    onPointerCancel: release,
    onClick: () => {
      pointerDown.current = false;
      press();
    },
    onKeyDown: (event) => {
      // The keys that open a listbox or a menu, taken as they go down (as Headless UI does), not on a later click.
      if (!['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) return;
      event.preventDefault();
      press();
    },
  };
  return { button, handlers };
}
