// A labelled calendar day (yyyy-MM-dd), as filters take the ends of a period. Plain label and input: the home
// page shows it on its first render, which does without Headless UI.
import { useId } from 'react';

interface DayFieldProps {
  label: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (day: string) => void;
  /**
   * The day is one end of a period whose legend says what it is: its own label shows only on phones, where the
   * two ends stack.
   */
  periodEnd?: boolean;
}

export function DayField({ label, value, min, max, onChange, periodEnd = false }: DayFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 max-sm:w-full">
      <label htmlFor={id} className={`text-xs font-medium text-gray-600 ${periodEnd ? 'sm:sr-only' : ''}`}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600 max-sm:w-full"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
