// The batch's totals: conversations created, skipped as already there, refused; announced as they change.
import { useTranslation } from 'react-i18next';
import type { batchTotals } from '../../../services/conversation-ingestion/upload-items';

const tones = {
  created: 'bg-green-50 text-green-900 ring-green-200',
  duplicates: 'bg-gray-50 text-gray-900 ring-gray-200',
  refused: 'bg-red-50 text-red-900 ring-red-200',
} as const;

export function UploadSummary({ totals, busy }: { totals: ReturnType<typeof batchTotals>; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" aria-label={t('upload.summaryTitle')}>
      <p className="mb-3 text-sm text-gray-600">{t(busy ? 'upload.inProgress' : 'upload.finished')}</p>
      <dl className="grid grid-cols-3 gap-3">
        {(Object.keys(tones) as (keyof typeof tones)[]).map((outcome) => (
          <div key={outcome} className={`rounded-lg px-3 py-2 ring-1 ${tones[outcome]}`}>
            <dt className="text-xs font-medium">{t(`upload.totals.${outcome}`)}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{totals[outcome]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
