// The validation filter: every conversation, only validated ones, or only those not validated yet.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const choices = ['any', 'validated', 'not_validated'] as const;
type ValidationChoice = (typeof choices)[number];

const choiceOf = (validated: boolean | undefined): ValidationChoice =>
  validated === undefined ? 'any' : validated ? 'validated' : 'not_validated';

const validatedOf = (choice: ValidationChoice): boolean | undefined =>
  choice === 'any' ? undefined : choice === 'validated';

export function ValidationFilter({
  value,
  onChange,
}: {
  value: boolean | undefined;
  onChange: (validated: boolean | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1 max-sm:w-full">
      <label htmlFor={id} className="text-xs font-medium text-gray-600">
        {t('conversations.filters.validation.label')}
      </label>
      <select
        id={id}
        value={choiceOf(value)}
        onChange={(event) => onChange(validatedOf(event.target.value as ValidationChoice))}
        className="rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600"
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t(`conversations.filters.validation.${choice}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
