// The submit button of a form that edits something that exists (profile, campaign details). One rule for all:
// it is disabled until something changed, and says so beside it; mistakes are shown on submit.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

export function SaveButton({
  changed,
  pending,
  label = 'common.save',
  beside,
}: {
  changed: boolean;
  pending: boolean;
  /** The i18n key of what the button does, when it does more than save (publish). */
  label?: string;
  /** The form's other buttons (save a draft), before the hint that nothing changed. */
  beside?: ReactNode;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" disabled={pending || !changed} aria-describedby={changed ? undefined : hintId}>
        {pending ? t('common.working') : t(label)}
      </Button>
      {beside}
      {!changed && !pending && (
        <span id={hintId} className="text-sm text-gray-600">
          {t('forms.nothingChanged')}
        </span>
      )}
    </div>
  );
}
