// What a page shows when its data could not be loaded: why, and a way to try again.
import { useTranslation } from 'react-i18next';
import { errorMessageKey, isRetriable } from '../../services/api-error';
import { Button } from './Button';

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800"
    >
      <span>
        {t('common.loadFailed')} {t(errorMessageKey(error))}
      </span>
      {isRetriable(error) && (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
