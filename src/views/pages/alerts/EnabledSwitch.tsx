// An alert's on/off switch (Headless UI's Switch: the switch role, Space and Enter), named by what it turns on or off.
import { Switch } from '@headlessui/react';

export function EnabledSwitch({
  label,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Switch
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      aria-label={label}
      className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-gray-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-600 data-checked:bg-purple-700 data-disabled:cursor-not-allowed data-disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-5.5"
      />
    </Switch>
  );
}
