// One conversation: what it is, where its processing stands (live), its answers to the campaign's custom
// analyses, what was said (with the recording for a call, grouped by phase), its evaluation, its translation,
// its discussion, and what the user may do with it.
import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Conversation } from '../../../../contract/conversations';
import type { CurrentUser } from '../../../../contract/users';
import { useMyCampaignRole } from '../../../services/queries/campaigns';
import { useConversationProgress } from '../../../services/live/progress';
import { useConversation } from '../../../services/queries/conversations';
import { ReviewWalkProvider } from '../../../services/review-walk/ReviewWalkProvider';
import { formatDate } from '../../components/format';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { campaignAbilities } from '../campaigns/campaign-abilities';
import { ConversationActions } from './ConversationActions';
import { ConversationContent } from './ConversationContent';
import { ConversationFacts } from './ConversationFacts';
import { ConversationStatusPanel } from './ConversationStatusPanel';
import { CustomAnalysisPanel } from './CustomAnalysisPanel';
import { DiscussionSection } from './discussion/DiscussionSection';
import { EvaluationPanel } from '../evaluations/EvaluationPanel';
import { TurnFocusProvider } from './turns/turn-focus';

/** The link back to the campaign's conversation list. */
export function BackToList({
  conversation,
}: {
  conversation: Pick<Conversation, 'campaign_id' | 'campaign_name'>;
}) {
  const { t } = useTranslation();
  return (
    <Link
      href={`/campaigns/${conversation.campaign_id}/conversations`}
      className="mb-3 inline-flex items-center gap-1 text-sm text-purple-800 hover:underline focus-visible:outline-2 focus-visible:outline-purple-600"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {t('conversation.backToList', { campaign: conversation.campaign_name })}
    </Link>
  );
}

function ConversationView({ conversation, user }: { conversation: Conversation; user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const membership = useMyCampaignRole(conversation.campaign_id);
  const progress = useConversationProgress(conversation.id);
  const abilities = membership.data ? campaignAbilities(user, membership.data) : null;
  const canEdit = abilities?.contribute ?? false;
  const title = t(`conversation.heading.${conversation.type}`, {
    date: formatDate(conversation.started_at, i18n.language),
  });
  const agent = conversation.agent?.name ?? t('conversation.facts.noAgent');

  return (
    <>
      <BackToList conversation={conversation} />
      <PageHeader
        title={title}
        intro={[
          agent,
          conversation.campaign_name,
          ...(conversation.is_test ? [t('testCalls.testConversation')] : []),
        ].join(' · ')}
      >
        <ConversationActions conversation={conversation} canEdit={canEdit} />
      </PageHeader>
      <ConversationStatusPanel conversation={conversation} progress={progress} canRelaunch={canEdit} />
      <ConversationFacts conversation={conversation} />
      <TurnFocusProvider>
        <CustomAnalysisPanel conversation={conversation} />
        <EvaluationPanel
          conversation={conversation}
          user={user}
          canChange={abilities?.editSettings ?? false}
        />
        <ConversationContent conversation={conversation} />
      </TurnFocusProvider>
      <DiscussionSection conversationId={conversation.id} userId={user.id} />
    </>
  );
}

export default function ConversationPage({
  conversationId,
  user,
}: {
  conversationId: string;
  user: CurrentUser;
}) {
  const conversation = useConversation(conversationId);
  if (conversation.error) {
    return <PageLoadError error={conversation.error} onRetry={() => void conversation.refetch()} />;
  }
  if (conversation.isPending) return <Loading />;
  return (
    <ReviewWalkProvider conversationId={conversation.data.id} campaignId={conversation.data.campaign_id}>
      <ConversationView conversation={conversation.data} user={user} />
    </ReviewWalkProvider>
  );
}
