// Each file of the batch: its progress, where it stands, what came of its conversations and why any was refused.
import { useTranslation } from 'react-i18next';
import type { UploadItem } from '../../../services/conversation-ingestion/upload-items';

const statusTones: Record<UploadItem['status'], string> = {
  waiting: 'text-gray-600',
  reading: 'text-purple-800',
  sending: 'text-purple-800',
  done: 'text-green-800',
  refused: 'text-red-700',
};

/** A file's size in the user's locale ("12 kB", "3,4 Mo"). */
function fileSize(bytes: number, locale: string) {
  const [unit, value] =
    bytes < 1024 * 1024 ? ['kilobyte', Math.max(1, bytes / 1024)] : ['megabyte', bytes / (1024 * 1024)];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

function UploadRow({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation();
  const percent = Math.round(item.progress * 100);
  // A file refused whole says why below; counts are for files whose conversations were sent.
  const sentAny = item.status !== 'refused' || item.created + item.duplicates > 0;
  const outcomes = (['created', 'duplicates', 'refused'] as const).filter(
    (outcome) => sentAny && item[outcome] > 0,
  );
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="min-w-0 truncate text-sm font-medium text-gray-900">{item.name}</span>
        <span className={`text-xs font-medium ${statusTones[item.status]}`}>
          {t(`upload.status.${item.status}`)} · {fileSize(item.size, i18n.language)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={item.name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className={`h-full rounded-full transition-[width] ${item.status === 'refused' ? 'bg-red-500' : 'bg-purple-600'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      {outcomes.length > 0 && (
        <p className="mt-1 text-xs text-gray-700">
          {outcomes.map((outcome) => t(`upload.counts.${outcome}`, { count: item[outcome] })).join(' · ')}
        </p>
      )}
      {item.refusal && (
        <p className="mt-1 text-sm text-red-700">
          {t(`upload.refusals.${item.refusal.key}`, item.refusal.values)}
        </p>
      )}
    </li>
  );
}

export function UploadList({ items }: { items: readonly UploadItem[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('upload.filesTitle')} className="mt-4 divide-y divide-gray-200">
      {items.map((item) => (
        <UploadRow key={item.id} item={item} />
      ))}
    </ul>
  );
}
