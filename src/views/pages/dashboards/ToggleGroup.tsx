// A small group of pressed/unpressed buttons choosing one of a few options (a period size, best or worst).
export function ToggleGroup<Value extends string>({
  label,
  options,
  value,
  onChange,
  name,
}: {
  label: string;
  options: readonly Value[];
  value: Value;
  onChange: (value: Value) => void;
  name: (option: Value) => string;
}) {
  return (
    <div role="group" aria-label={label} className="flex rounded-lg ring-1 ring-gray-300">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className="px-2.5 py-1 text-xs font-medium text-gray-700 first:rounded-l-lg last:rounded-r-lg hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-purple-600 aria-pressed:bg-purple-700 aria-pressed:text-white"
        >
          {name(option)}
        </button>
      ))}
    </div>
  );
}
