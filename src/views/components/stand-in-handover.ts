// What a control's stand-in (a listbox's, a menu's) hands over to the real control that replaces it: the focus it
// had, and a press the user made on it before the real one arrived, so the swap changes nothing for keyboard or
// pointer users.
import { useEffect, useRef } from 'react';

export interface Handover {
  focus: boolean;
  open: boolean;
}

export const noHandover: Handover = { focus: false, open: false };

/**
 * A ref for the real control's button that takes over the focus and the press once, as it appears: later renders
 * (and React's development double run of effects) must not move the focus or toggle it again.
 */
export function useHandover(handover: Handover) {
  const button = useRef<HTMLButtonElement>(null);
  const handedOver = useRef(false);
  useEffect(() => {
    if (handedOver.current) return;
    handedOver.current = true;
    if (handover.focus || handover.open) button.current?.focus();
    if (handover.open) button.current?.click();
  }, [handover]);
  return button;
}
