// Labelled form fields with their validation message (messages are i18n keys from the form schema).
import { Checkbox, Description, Field, Input, Label, Select, Textarea } from '@headlessui/react';
import { CheckIcon } from '@heroicons/react/20/solid';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClass } from './control-class';

export { controlClass };

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}

/** The label, the control, its hint and its mistake; Headless UI describes the control by the last two. */
function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const { t } = useTranslation();
  return (
    <Field className="flex flex-col gap-1">
      <Label className="text-sm font-medium text-gray-700">{label}</Label>
      {children}
      {hint && <Description className="text-xs text-gray-500">{hint}</Description>}
      {error && (
        <Description role="alert" className="text-sm text-red-700">
          {t(error)}
        </Description>
      )}
    </Field>
  );
}

type TextFieldProps = ComponentPropsWithoutRef<'input'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
};

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, ...props },
  ref,
) {
  return (
    <FieldShell label={label} error={error} {...(hint ? { hint } : {})}>
      <Input ref={ref} className={controlClass} invalid={Boolean(error)} {...props} />
    </FieldShell>
  );
});

type TextAreaFieldProps = ComponentPropsWithoutRef<'textarea'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
};

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, ...props },
  ref,
) {
  return (
    <FieldShell label={label} error={error} {...(hint ? { hint } : {})}>
      <Textarea ref={ref} rows={3} className={controlClass} invalid={Boolean(error)} {...props} />
    </FieldShell>
  );
});

type SelectFieldProps = ComponentPropsWithoutRef<'select'> & {
  label: string;
  error?: string | undefined;
  /** A disabled option stays shown (and selected if it is the value) but cannot be chosen. */
  options: { value: string; label: string; disabled?: boolean }[];
};

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, options, ...props },
  ref,
) {
  return (
    <FieldShell label={label} error={error}>
      <Select ref={ref} className={controlClass} invalid={Boolean(error)} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </Select>
    </FieldShell>
  );
});

export function CheckboxField({
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
    <Field className="flex items-center gap-2" disabled={disabled}>
      <Checkbox
        checked={checked}
        onChange={onChange}
        className="group grid size-5 place-items-center rounded ring-1 ring-gray-400 focus-visible:outline-2 focus-visible:outline-purple-600 data-checked:bg-purple-700 data-checked:ring-purple-700 data-disabled:opacity-50"
      >
        <CheckIcon className="invisible size-4 text-white group-data-checked:visible" aria-hidden="true" />
      </Checkbox>
      <Label className="text-sm text-gray-800 data-disabled:text-gray-500">{label}</Label>
    </Field>
  );
}
