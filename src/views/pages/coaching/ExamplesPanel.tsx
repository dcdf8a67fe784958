// A plan's example conversations: each with the coach's note, a link to it and a way to detach it; and a form
// attaching one of the agent's conversations of a campaign with a note.
import { PaperClipIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Campaign } from '../../../../contract/campaigns';
import type { CoachingExample, CoachingPlan } from '../../../../contract/coaching';
import { useAttachCoachingExample, useDetachCoachingExample } from '../../../services/queries/coaching';
import { useConversationList } from '../../../services/queries/conversation-list';
import { Button } from '../../components/Button';
import { SelectField, TextAreaField } from '../../components/fields';
import { formatDate } from '../../components/format';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { Section } from '../../components/Section';
import { useNotify } from '../../components/use-notify';
import { formatScore } from '../dashboards/graph-format';

/** What names an example: its type, campaign, day and score. */
export function useExampleLabel() {
  const { t, i18n } = useTranslation();
  return (example: Pick<CoachingExample, 'type' | 'campaign_name' | 'started_at' | 'main_score'>) =>
    t('coaching.examples.label', {
      type: t(`conversation.types.${example.type}`),
      campaign: example.campaign_name,
      date: formatDate(example.started_at, i18n.language),
      score: formatScore(example.main_score, i18n.language),
    });
}

function AttachForm({ plan, campaigns }: { plan: CoachingPlan; campaigns: Campaign[] }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const label = useExampleLabel();
  const [campaignId, setCampaignId] = useState(campaigns[0]?.id ?? '');
  const [picked, setPicked] = useState('');
  const [note, setNote] = useState('');
  const campaign = campaigns.find((candidate) => candidate.id === campaignId) ?? campaigns[0];
  const conversations = useConversationList(
    campaign?.id ?? '',
    'started_at_desc',
    campaign ? { agents: [plan.agent.id] } : null,
  );
  const attach = useAttachCoachingExample(plan.id);
  if (!campaign) return null;
  const attached = new Set(plan.examples.map((example) => example.conversation_id));
  const available = (conversations.data ?? []).filter((conversation) => !attached.has(conversation.id));
  const conversation = available.find((candidate) => candidate.id === picked) ?? available[0];

  const submit = () => {
    if (!conversation) return;
    attach.mutate(
      { conversationId: conversation.id, note },
      {
        onSuccess: () => {
          notify.success('coaching.examples.attached');
          setNote('');
          setPicked('');
        },
        onError: (error) => notify.failure('coaching.examples.attachFailed', error),
      },
    );
  };

  return (
    <form
      aria-label={t('coaching.examples.attach')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="grid gap-3 rounded-lg p-4 ring-1 ring-gray-200"
    >
      <SelectField
        label={t('coaching.picker.campaign')}
        value={campaign.id}
        onChange={(event) => {
          setCampaignId(event.target.value);
          setPicked('');
        }}
        options={campaigns.map((option) => ({ value: option.id, label: option.name }))}
      />
      {conversations.isPending ? (
        <Loading />
      ) : conversations.isError ? (
        <QueryError error={conversations.error} onRetry={() => void conversations.refetch()} />
      ) : !conversation ? (
        <p className="text-sm text-gray-600">{t('coaching.examples.noConversations')}</p>
      ) : (
        <>
          <SelectField
            label={t('coaching.examples.conversation')}
            value={conversation.id}
            onChange={(event) => setPicked(event.target.value)}
            options={available.map((candidate) => ({
              value: candidate.id,
              label: label({
                type: candidate.type,
                campaign_name: campaign.name,
                started_at: candidate.started_at,
                main_score: candidate.evaluation?.main_score ?? null,
              }),
            }))}
          />
          <TextAreaField
            label={t('coaching.examples.note')}
            value={note}
            maxLength={5000}
            onChange={(event) => setNote(event.target.value)}
          />
          <div>
            <Button type="submit" disabled={attach.isPending}>
              <PaperClipIcon className="size-4" aria-hidden="true" />
              {attach.isPending ? t('common.working') : t('coaching.examples.attach')}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

export function ExamplesPanel({ plan, campaigns }: { plan: CoachingPlan; campaigns: Campaign[] }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const label = useExampleLabel();
  const detach = useDetachCoachingExample(plan.id);
  return (
    <Section title={t('coaching.examples.title')} intro={t('coaching.examples.intro')}>
      <div className="grid gap-4">
        {plan.examples.length === 0 ? (
          <p className="text-sm text-gray-600">{t('coaching.examples.empty')}</p>
        ) : (
          <ul aria-label={t('coaching.examples.title')} className="grid gap-2">
            {plan.examples.map((example) => (
              <li
                key={example.conversation_id}
                className="flex items-start justify-between gap-3 rounded-lg bg-gray-50 p-3"
              >
                <div className="min-w-0 text-sm">
                  <Link
                    href={`/conversations/${example.conversation_id}`}
                    className="font-medium text-purple-700 underline"
                  >
                    {label(example)}
                  </Link>
                  {example.note && <p className="mt-1 whitespace-pre-line text-gray-800">{example.note}</p>}
                </div>
                <Button
                  variant="secondary"
                  aria-label={t('coaching.examples.detach', { conversation: label(example) })}
                  disabled={detach.isPending}
                  onClick={() =>
                    detach.mutate(example.conversation_id, {
                      onError: (error) => notify.failure('coaching.examples.detachFailed', error),
                    })
                  }
                >
                  <XMarkIcon className="size-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <AttachForm plan={plan} campaigns={campaigns} />
      </div>
    </Section>
  );
}
