// A listbox as it looks closed, without its code: a labelled button that loads the real listbox on the first
// sign of interest (hover, focus, press) and, once it arrives, hands over the focus and any press to it.
import { ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { useId, type ReactNode } from 'react';
import { listboxButtonClass, listboxFieldClass, listboxLabelClass } from './listbox-styles';
import { useStandInButton, type StandInIntent } from './stand-in-button';

interface ListboxStandInProps extends StandInIntent {
  label: string;
  labelClassName?: string;
  buttonClassName?: string;
  children: ReactNode;
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
  const { button, handlers } = useStandInButton({ preload, onIntent });
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
        {...handlers}
      >
        {children}
        <ChevronUpDownIcon className="size-4 text-gray-400" aria-hidden="true" />
      </button>
    </div>
  );
}
