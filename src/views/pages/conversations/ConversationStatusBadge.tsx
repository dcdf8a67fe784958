// Where a conversation stands (transcribing, analysing, ready, failed): waiting, or turning with the live progress
// of the job working on it; when it failed, why, in the user's language.
import {
  ArrowPathIcon,
  CheckCircleIcon,
  ClockIcon,
  ExclamationTriangleIcon,
} from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { ConversationProgress } from '../../../../contract/live';
import type { ConversationSummary } from '../../../../contract/conversations';
import { failureReasonText } from './failure-reason';

interface ConversationStatusBadgeProps {
  conversation: Pick<ConversationSummary, 'status' | 'status_reason' | 'status_detail' | 'language'>;
  /** The latest live message about the conversation, if one came while the list was open. */
  progress: ConversationProgress | undefined;
}

export function ConversationStatusBadge({ conversation, progress }: ConversationStatusBadgeProps) {
  const { t } = useTranslation();
  const { status, status_detail: detail } = conversation;
  const job = progress?.status === status ? progress.job : null;
  const percent = job?.status === 'running' ? Math.round(job.progress * 100) : null;

  if (status === 'ready') {
    return (
      <span className="inline-flex items-center gap-1 text-green-800">
        <CheckCircleIcon className="size-4" aria-hidden="true" />
        {t('conversation.statuses.ready')}
      </span>
    );
  }
  if (status === 'failed') {
    return (
      <span className="inline-flex max-w-64 flex-col items-end gap-0.5 md:items-start">
        <span className="inline-flex items-center gap-1 font-medium text-red-800">
          <ExclamationTriangleIcon className="size-4" aria-hidden="true" />
          {t('conversation.statuses.failed')}
        </span>
        {/* The engine's own words (English) stay a hover away, for whoever reports the problem. */}
        <span className="line-clamp-2 text-xs text-gray-600" title={detail ?? undefined}>
          {failureReasonText(t, conversation)}
        </span>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 text-purple-800">
      {percent === null ? (
        <ClockIcon className="size-4" aria-hidden="true" />
      ) : (
        <ArrowPathIcon className="size-4 motion-safe:animate-spin" aria-hidden="true" />
      )}
      {t(`conversation.statuses.${status}`)}
      {percent !== null && (
        <span
          role="progressbar"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={t(`conversation.statuses.${status}`)}
          className="relative h-1.5 w-12 overflow-hidden rounded-full bg-purple-100"
        >
          <span className="absolute inset-y-0 left-0 bg-purple-600" style={{ width: `${percent}%` }} />
        </span>
      )}
    </span>
  );
}
