// The three upload pages of a campaign (calls, chats, emails): the agent of the batch, the files dropped or
// picked, each file's progress and outcome, the batch's totals, and the formats accepted.
import { LockClosedIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../../contract/users';
import { shallowEqual, useSelector } from '@xstate/react';
import { useConversationIngestion } from '../../../machines/conversation-ingestion/use-conversation-ingestion';
import { selectIsBusy, selectItems, selectTotals } from '../../../machines/conversation-ingestion/selectors';
import type { UploadKind } from '../../../services/conversation-ingestion/upload-items';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { Section } from '../../components/Section';
import { useCampaignView } from '../campaigns/use-campaign-view';
import { AgentChoice, useAgentChoice } from './AgentChoice';
import { DropZone } from './DropZone';
import { FormatHelp } from './FormatHelp';
import { UploadList } from './UploadList';
import { UploadSummary } from './UploadSummary';

const pageTitles = { calls: 'callsUpload', chats: 'chatsUpload', emails: 'emailsUpload' } as const;

interface UploadPageProps {
  kind: UploadKind;
  campaignId: string;
  user: CurrentUser;
}

export default function ConversationIngestionPage({ kind, campaignId, user }: UploadPageProps) {
  const { t } = useTranslation();
  const view = useCampaignView(campaignId, user);
  const agentChoice = useAgentChoice(kind, view.campaign?.organisation_id);
  const upload = useConversationIngestion(kind, campaignId);
  const items = useSelector(upload, selectItems);
  const totals = useSelector(upload, selectTotals, shallowEqual);
  const busy = useSelector(upload, selectIsBusy);

  if (view.error) return <PageLoadError error={view.error} onRetry={() => void view.retry()} />;
  if (view.pending || !view.campaign || !view.abilities) return <Loading />;
  const title = t(`pages.titles.${pageTitles[kind]}`);

  return (
    <>
      <PageHeader
        title={title}
        tabTitle={`${title} · ${view.campaign.name}`}
        intro={t(`upload.${kind}.intro`)}
      >
        <Link
          href={`/campaigns/${campaignId}`}
          className="text-sm font-medium text-purple-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-purple-600"
        >
          {t('upload.backToCampaign', { name: view.campaign.name })}
        </Link>
      </PageHeader>
      {view.abilities.contribute ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            <Section title={t('upload.filesTitle')}>
              <div className="flex flex-col gap-4">
                <AgentChoice kind={kind} choice={agentChoice} />
                <DropZone
                  kind={kind}
                  disabled={!agentChoice.ready}
                  onFiles={(files) =>
                    upload.send({
                      type: 'files.added',
                      files,
                      agents: agentChoice.agents,
                      batchAgent: agentChoice.batchAgent,
                    })
                  }
                />
              </div>
            </Section>
            {items.length > 0 && (
              <Section title={t('upload.summaryTitle')}>
                <UploadSummary totals={totals} busy={busy} />
                <UploadList items={items} />
                {!busy && (
                  <button
                    type="button"
                    onClick={() => upload.send({ type: 'finished.clear' })}
                    className="mt-4 text-sm font-medium text-purple-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-purple-600"
                  >
                    {t('upload.clear')}
                  </button>
                )}
              </Section>
            )}
          </div>
          <FormatHelp
            kind={kind}
            exampleAgentEmail={
              agentChoice.ready ? (agentChoice.agents[0]?.email ?? 'agent@example.com') : null
            }
          />
        </div>
      ) : (
        <Notice icon={LockClosedIcon} title={t('upload.readOnlyTitle')} body={t('upload.readOnlyBody')} />
      )}
    </>
  );
}
