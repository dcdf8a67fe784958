// A labelled calendar day (yyyy-MM-dd), as filters take the ends of a period.
import { Field, Input, Label } from '@headlessui/react';

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
  return (
    <Field className="flex flex-col gap-1 max-sm:w-full">
      <Label className={`text-xs font-medium text-gray-600 ${periodEnd ? 'sm:sr-only' : ''}`}>{label}</Label>
      <Input
        type="date"
        className="rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600 max-sm:w-full"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
