// The submit button of a form that edits something that exists (profile, campaign details). One rule for all:
// it is disabled until something changed, and says so beside it; mistakes are shown on submit.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

export function SaveButton({ changed, pending }: { changed: boolean; pending: boolean }) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" disabled={pending || !changed} aria-describedby={changed ? undefined : hintId}>
        {pending ? t('common.working') : t('common.save')}
      </Button>
      {!changed && !pending && (
        <span id={hintId} className="text-sm text-gray-600">
          {t('forms.nothingChanged')}
        </span>
      )}
    </div>
  );
}
