// Where the work on a conversation stands while it is not ready: the running job's progress as the live channel
// reports it, or why it failed (in the user's language, the engine's detail under a disclosure), with a way to
// transcribe a failed call again for those who may.
import { ArrowPathIcon, ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../contract/conversations';
import type { ConversationProgress } from '../../../../contract/live';
import { useLaunchTranscription } from '../../../services/queries/conversations';
import { Button } from '../../components/Button';
import { useNotify } from '../../components/use-notify';
import { failureReasonText } from './failure-reason';
import { JobProgress } from './JobProgress';

interface ConversationStatusPanelProps {
  conversation: Conversation;
  progress: ConversationProgress | null;
  canRelaunch: boolean;
}

export function ConversationStatusPanel({
  conversation,
  progress,
  canRelaunch,
}: ConversationStatusPanelProps) {
  if (conversation.status === 'ready') return null;
  if (conversation.status === 'failed') {
    return <FailedPanel conversation={conversation} canRelaunch={canRelaunch} />;
  }
  const job = progress?.status === conversation.status ? progress.job : null;
  return <WorkingPanel conversation={conversation} job={job} />;
}

function WorkingPanel({
  conversation,
  job,
}: {
  conversation: Conversation;
  job: ConversationProgress['job'];
}) {
  const { t } = useTranslation();
  const running = job?.status === 'running';
  const percent = running ? Math.round(job.progress * 100) : null;
  return (
    <section
      role="status"
      aria-label={t('conversation.status.label')}
      className="mb-6 rounded-xl bg-purple-50 p-4 text-sm text-purple-900 ring-1 ring-purple-200"
    >
      <p className="flex items-center gap-2 font-medium">
        <ArrowPathIcon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        {t(`conversation.status.working.${conversation.status}`)}
        {job?.status === 'queued' && <span className="font-normal">· {t('conversation.status.queued')}</span>}
      </p>
      {percent !== null && (
        <JobProgress percent={percent} label={t(`conversation.status.working.${conversation.status}`)} />
      )}
      <p className="mt-1 text-purple-900/80">{t('conversation.status.live')}</p>
    </section>
  );
}

function FailedPanel({ conversation, canRelaunch }: { conversation: Conversation; canRelaunch: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const relaunch = useLaunchTranscription(conversation.id);
  const transcribable = conversation.type === 'call' && conversation.has_audio;
  return (
    <section
      aria-label={t('conversation.status.label')}
      className="mb-6 flex flex-wrap items-start gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200"
    >
      <ExclamationTriangleIcon className="size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t('conversation.status.failed')}</p>
        <p className="mt-1">{failureReasonText(t, conversation)}</p>
        {conversation.status_detail && (
          <details className="mt-2">
            <summary className="cursor-pointer rounded text-red-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-red-600">
              {t('conversation.status.details')}
            </summary>
            {/* The engine's own words, in English, for whoever reports the problem. */}
            <p lang="en" className="mt-1 font-mono text-xs break-words">
              {conversation.status_detail}
            </p>
          </details>
        )}
      </div>
      {canRelaunch && transcribable && (
        <Button
          variant="secondary"
          disabled={relaunch.isPending}
          onClick={() =>
            relaunch.mutate(undefined, {
              onSuccess: () => notify.success('conversation.status.relaunched'),
              onError: (error) => notify.failure('conversation.status.relaunchFailed', error),
            })
          }
        >
          <ArrowPathIcon className="size-4" aria-hidden="true" />
          {relaunch.isPending ? t('common.working') : t('conversation.status.relaunch')}
        </Button>
      )}
    </section>
  );
}
