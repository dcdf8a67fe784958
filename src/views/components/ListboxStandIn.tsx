// A listbox as it looks closed, without its code: a labelled button that loads the real listbox on the first
// sign of interest (hover, focus, press) and, once it arrives, hands over the focus and any press to it.
import { ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { useId, useRef, type ReactNode } from 'react';
import type { Handover } from './listbox-handover';
import { listboxButtonClass, listboxFieldClass, listboxLabelClass } from './listbox-styles';

interface ListboxStandInProps {
  label: string;
  labelClassName?: string;
  buttonClassName?: string;
  children: ReactNode;
  /** Starts loading the real listbox, for a pointer that comes near. */
  preload: () => void;
  /**
   * Loads the real listbox and puts it in place once it has arrived, with what `handover` then says to hand
   * over to it, or not yet when it says null (the next call tries again).
   */
  onIntent: (handover: () => Handover | null) => void;
}

export function ListboxStandIn({
  label,
  labelClassName = '',
  buttonClassName = '',
  children,
  preload,
  onIntent,
}: ListboxStandInProps) {
  const labelId = useId();
  const buttonId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  // A pointer only preloads, and while it is down on the stand-in the swap waits for its click: a listbox that
  // appeared under a pointer half-way through a click would miss it.
  const pointerDown = useRef(false);
  const handover = () =>
    pointerDown.current ? null : { focus: document.activeElement === button.current, open: pressed.current };
  const press = () => {
    pressed.current = true;
    onIntent(handover);
  };
  const release = () => (pointerDown.current = false);
  return (
    <div className={listboxFieldClass}>
      <label id={labelId} htmlFor={buttonId} className={`${listboxLabelClass} ${labelClassName}`}>
        {label}
      </label>
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-haspopup="listbox"
        aria-expanded="false"
        aria-labelledby={`${labelId} ${buttonId}`}
        className={`${listboxButtonClass} ${buttonClassName}`}
        onPointerEnter={preload}
        onFocus={() => onIntent(handover)}
        onPointerDown={() => {
          pointerDown.current = true;
          preload();
        }}
        onPointerLeave={release}
        onPointerCancel={release}
        onClick={() => {
          pointerDown.current = false;
          press();
        }}
        onKeyDown={(event) => {
          // The keys that open a listbox, taken as they go down (as Headless UI does), not on a later click.
          if (!['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) return;
          event.preventDefault();
          press();
        }}
      >
        {children}
        <ChevronUpDownIcon className="size-4 text-gray-400" aria-hidden="true" />
      </button>
    </div>
  );
}
