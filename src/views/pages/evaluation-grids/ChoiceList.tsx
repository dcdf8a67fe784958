// One choice among a few, as native radio buttons under a legend: arrow keys move between them, Tab leaves.
import type { ReactNode } from 'react';

export interface Choice {
  value: string;
  label: ReactNode;
}

export function ChoiceList({
  legend,
  name,
  choices,
  value,
  onChange,
  inline = false,
}: {
  legend: string;
  name: string;
  choices: Choice[];
  value: string | null;
  onChange: (value: string) => void;
  /** Side by side where they fit, instead of one under the other. */
  inline?: boolean;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-700">{legend}</legend>
      <div className={`mt-2 flex gap-x-6 gap-y-2 ${inline ? 'flex-wrap' : 'flex-col'}`}>
        {choices.map((choice) => (
          <label key={choice.value} className="flex min-h-6 items-start gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="mt-0.5 size-4 shrink-0 accent-purple-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-600"
            />
            <span className="min-w-0 break-words">{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
