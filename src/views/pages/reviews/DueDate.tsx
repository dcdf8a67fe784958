// An assignment's due date, and "Overdue" in words and with an icon when it is past (never by colour alone).
import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { ReviewAssignment } from '../../../../contract/reviews';
import { formatDate } from '../../components/format';

export function DueDate({ assignment }: { assignment: Pick<ReviewAssignment, 'due_at' | 'overdue'> }) {
  const { t, i18n } = useTranslation();
  if (assignment.due_at === null) return <span className="text-gray-600">{t('reviews.noDue')}</span>;
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center justify-end gap-2 max-md:shrink!">
      <time dateTime={new Date(assignment.due_at * 1000).toISOString()}>
        {formatDate(assignment.due_at, i18n.language)}
      </time>
      {assignment.overdue && (
        <span className="inline-flex items-center gap-1 rounded-md bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-600/20">
          <ExclamationTriangleIcon className="size-3.5" aria-hidden="true" />
          {t('reviews.overdue')}
        </span>
      )}
    </span>
  );
}
