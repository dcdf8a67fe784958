// The columns of the conversation list: when (the row's link), type, agent, duration, language, sentiment,
// topics, status and, once the campaign has a grid, the evaluation's main score and validation.
import { ChatBubbleLeftRightIcon, CheckBadgeIcon, EnvelopeIcon, PhoneIcon } from '@heroicons/react/20/solid';
import type { TFunction } from 'i18next';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'wouter';
import type { ConversationProgress } from '../../../../contract/live';
import type { ConversationSummary } from '../../../../contract/conversations';
import type { ConversationType, Sentiment } from '../../../../contract/enums';
import { stretchedLinkClass, type Column } from '../../components/DataTable';
import { formatConversationDuration } from './conversation-duration';
import { ConversationStatusBadge } from './ConversationStatusBadge';
import { EvaluationScoreCell } from './EvaluationScoreCell';
import { preloadReviewScreen } from './review-screen-code';

const typeIcons: Record<ConversationType, ComponentType<SVGProps<SVGSVGElement>>> = {
  call: PhoneIcon,
  chat: ChatBubbleLeftRightIcon,
  email: EnvelopeIcon,
};

const sentimentClasses: Record<Sentiment, string> = {
  POSITIVE: 'bg-green-50 text-green-800 ring-green-600/20',
  NEGATIVE: 'bg-red-50 text-red-800 ring-red-600/20',
  NEUTRAL: 'bg-gray-50 text-gray-700 ring-gray-500/20',
};

/** Topics shown in a row; the rest are counted. */
const shownTopics = 3;

const Missing = () => <span className="text-gray-400">—</span>;

/** A row as its checkbox names it: when it started, its type and its agent. */
export const conversationRowName = (
  row: ConversationSummary,
  { t, fullDateTime }: { t: TFunction; fullDateTime: (seconds: number) => string },
): string =>
  `${fullDateTime(row.started_at)}, ${t(`conversation.types.${row.type}`)}${row.agent ? `, ${row.agent.name}` : ''}`;

interface ColumnOptions {
  t: TFunction;
  displayTime: (seconds: number) => string;
  fullDateTime: (seconds: number) => string;
  locale: string;
  /** Agents see only their own conversations: no agent column for them. */
  showAgent: boolean;
  /** The campaign has a grid: its conversations' scores and validation are shown. */
  showEvaluation: boolean;
  /** A validator's name, when known. */
  validatorName: (userId: string) => string | undefined;
  progress: Readonly<Record<string, ConversationProgress>>;
  /** A row's link: its conversation, on the walk through the list. */
  rowHref: (conversationId: string) => string;
}

export function conversationColumns({
  t,
  displayTime,
  fullDateTime,
  locale,
  showAgent,
  showEvaluation,
  validatorName,
  progress,
  rowHref,
}: ColumnOptions): Column<ConversationSummary>[] {
  const columns: (Column<ConversationSummary> | false)[] = [
    {
      key: 'date',
      header: t('conversations.columns.date'),
      serverSortable: true,
      cell: (row) => (
        <Link
          href={rowHref(row.id)}
          className={stretchedLinkClass}
          onPointerEnter={preloadReviewScreen}
          onFocus={preloadReviewScreen}
        >
          <time dateTime={new Date(row.started_at * 1000).toISOString()} title={fullDateTime(row.started_at)}>
            {displayTime(row.started_at)}
          </time>
          <span className="sr-only">
            {`, ${t(`conversation.types.${row.type}`)}${row.agent ? `, ${row.agent.name}` : ''}`}
          </span>
        </Link>
      ),
    },
    {
      key: 'type',
      header: t('conversations.columns.type'),
      cell: (row) => {
        const Icon = typeIcons[row.type];
        return (
          <span className="inline-flex items-center gap-1.5">
            <Icon className="size-4 text-gray-500" aria-hidden="true" />
            {t(`conversation.types.${row.type}`)}
          </span>
        );
      },
    },
    showAgent && {
      key: 'agent',
      header: t('conversations.columns.agent'),
      cell: (row) => row.agent?.name ?? <Missing />,
    },
    {
      key: 'duration',
      header: t('conversations.columns.duration'),
      cell: (row) => (
        <span className="tabular-nums">{formatConversationDuration(row.duration_s, locale)}</span>
      ),
    },
    {
      key: 'language',
      header: t('conversations.columns.language'),
      cell: (row) => t(`conversation.languages.${row.language}`),
    },
    {
      key: 'sentiment',
      header: t('conversations.columns.sentiment'),
      cell: (row) =>
        row.sentiment ? (
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${sentimentClasses[row.sentiment]}`}
          >
            {t(`conversation.sentiments.${row.sentiment}`)}
          </span>
        ) : (
          <Missing />
        ),
    },
    {
      key: 'topics',
      header: t('conversations.columns.topics'),
      cell: (row) =>
        row.topics.length === 0 ? (
          <Missing />
        ) : (
          <span className="inline-flex flex-wrap justify-end gap-1 md:justify-start">
            {row.topics.slice(0, shownTopics).map((topic) => (
              <span key={topic} className="rounded-md bg-purple-50 px-1.5 py-0.5 text-xs text-purple-900">
                {topic}
              </span>
            ))}
            {row.topics.length > shownTopics && (
              <span className="px-1 text-xs text-gray-600" title={row.topics.slice(shownTopics).join(', ')}>
                {t('conversations.moreTopics', { count: row.topics.length - shownTopics })}
              </span>
            )}
          </span>
        ),
    },
    {
      key: 'status',
      header: t('conversations.columns.status'),
      cell: (row) => <ConversationStatusBadge conversation={row} progress={progress[row.id]} />,
    },
    showEvaluation && {
      key: 'score',
      header: t('conversations.columns.score'),
      cell: (row) => <EvaluationScoreCell evaluation={row.evaluation} locale={locale} />,
    },
    showEvaluation && {
      key: 'validation',
      header: t('conversations.columns.validation'),
      cell: (row) =>
        row.evaluation?.validated ? (
          <span className="inline-flex items-center gap-1 text-green-800">
            <CheckBadgeIcon className="size-4 text-green-600" aria-hidden="true" />
            {(row.evaluation.validated_by && validatorName(row.evaluation.validated_by)) ??
              t('conversations.validated')}
          </span>
        ) : (
          <Missing />
        ),
    },
  ];
  return columns.filter((column): column is Column<ConversationSummary> => column !== false);
}
