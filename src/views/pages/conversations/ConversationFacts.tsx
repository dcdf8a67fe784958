// What a conversation is: its type, agent, campaign, date, duration, language, sentiment, topics, status and
// the engines that produced its transcript and analysis, then its metadata under the campaign's labels.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Conversation, EngineRun } from '../../../../contract/conversations';
import { formatDateTime } from '../../components/format';
import { useMetadataLabel } from '../../components/use-metadata-label';
import { formatConversationDuration } from './conversation-duration';
import { SentimentMark } from './SentimentMark';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-500">{term}</dt>
      <dd className="mt-1 text-sm break-words text-gray-900">{children}</dd>
    </div>
  );
}

function Engine({ run }: { run: EngineRun | null }) {
  const { t } = useTranslation();
  if (!run) return <span className="text-gray-600">{t('conversation.facts.notYet')}</span>;
  return <>{run.model ? t('conversation.facts.engineModel', run) : run.engine}</>;
}

export function ConversationFacts({ conversation }: { conversation: Conversation }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const labelOf = useMetadataLabel(conversation.campaign_id);
  const metadata = Object.entries(conversation.metadata)
    .map(([key, value]) => ({ key, label: labelOf(key), value }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  // An email exchange has no length of its own: its duration is 0 unless the sender gave one.
  const hasDuration = conversation.type !== 'email' || conversation.duration_s > 0;
  return (
    <section
      aria-label={t('conversation.facts.label')}
      className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
        <Fact term={t('conversation.facts.type')}>{t(`conversation.types.${conversation.type}`)}</Fact>
        <Fact term={t('conversation.facts.agent')}>
          {conversation.agent?.name ?? (
            <span className="text-gray-600">{t('conversation.facts.noAgent')}</span>
          )}
        </Fact>
        <Fact term={t('conversation.facts.campaign')}>
          <Link
            href={`/campaigns/${conversation.campaign_id}`}
            className="text-purple-800 underline underline-offset-2 hover:text-purple-950"
          >
            {conversation.campaign_name}
          </Link>
        </Fact>
        <Fact term={t('conversation.facts.date')}>{formatDateTime(conversation.started_at, locale)}</Fact>
        {hasDuration && (
          <Fact term={t('conversation.facts.duration')}>
            {formatConversationDuration(conversation.duration_s, locale)}
          </Fact>
        )}
        <Fact term={t('conversation.facts.language')}>
          {t(`conversation.languages.${conversation.language}`)}
        </Fact>
        <Fact term={t('conversation.facts.sentiment')}>
          {conversation.sentiment ? (
            <SentimentMark sentiment={conversation.sentiment} labelled />
          ) : (
            <span className="text-gray-600">{t('conversation.facts.notYet')}</span>
          )}
        </Fact>
        <Fact term={t('conversation.facts.topics')}>
          {conversation.topics.length > 0 ? (
            <ul className="flex flex-wrap gap-1">
              {conversation.topics.map((topic) => (
                <li key={topic} className="rounded-full bg-purple-50 px-2 py-0.5 text-xs text-purple-900">
                  {topic}
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-gray-600">{t('conversation.facts.noTopics')}</span>
          )}
        </Fact>
        <Fact term={t('conversation.facts.status')}>{t(`conversation.statuses.${conversation.status}`)}</Fact>
        {conversation.type === 'call' && (
          <Fact term={t('conversation.facts.transcription')}>
            {conversation.has_audio ? (
              <Engine run={conversation.transcription} />
            ) : (
              <span className="text-gray-600">{t('conversation.facts.givenAsText')}</span>
            )}
          </Fact>
        )}
        <Fact term={t('conversation.facts.analysis')}>
          <Engine run={conversation.analysis} />
        </Fact>
        {conversation.external_id && (
          <Fact term={t('conversation.facts.externalId')}>
            {/* Uploads are named by their content's hash: long, so cut short on screen, whole on hover. */}
            <span className="block truncate" title={conversation.external_id}>
              {conversation.external_id}
            </span>
          </Fact>
        )}
      </dl>
      <h2 className="mt-4 text-sm font-semibold text-gray-900 sm:mt-6">{t('conversation.facts.metadata')}</h2>
      {metadata.length > 0 ? (
        <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
          {metadata.map(({ key, label, value }) => (
            <Fact key={key} term={label}>
              {value}
            </Fact>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-gray-600">{t('conversation.facts.noMetadata')}</p>
      )}
    </section>
  );
}
