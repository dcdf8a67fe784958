// A job's progress under its stage: a bar named after the work and the percentage done.
import { useTranslation } from 'react-i18next';

export function JobProgress({ percent, label }: { percent: number; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 flex items-center gap-3">
      <progress
        className="h-2 w-full max-w-sm accent-purple-700"
        max={100}
        value={percent}
        aria-label={label}
      />
      <span>{t('conversation.status.percent', { percent })}</span>
    </div>
  );
}
