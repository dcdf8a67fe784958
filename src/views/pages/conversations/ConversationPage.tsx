// One conversation, the reviewer's workbench (issues 9 and 21): what it is, where its processing stands (live), its
// answers to the campaign's custom analyses, what was said (with the recording for a call, grouped by phase), its
// evaluation beside it, its translation, its discussion, what the user may do with it, and the review walk it is on.
import { useCallback, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../contract/conversations';
import type { CurrentUser } from '../../../../contract/users';
import { EvaluationProvider } from '../../../machines/evaluation/provider';
import { useMyCampaignRole } from '../../../services/queries/campaigns';
import { useConversationProgress } from '../../../services/live/progress';
import { useConversation } from '../../../services/queries/conversations';
import { sideBySideWidth, useReviewTab } from '../../../services/review-walk/review-tab';
import { ReviewWalkProvider } from '../../../services/review-walk/ReviewWalkProvider';
import { useViewportWidth } from '../../../services/viewport';
import { formatDate } from '../../components/format';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { campaignAbilities } from '../campaigns/campaign-abilities';
import { EvaluationPanel } from '../evaluations/EvaluationPanel';
import { ConversationActions } from './ConversationActions';
import { ConversationContent } from './ConversationContent';
import { ConversationFacts } from './ConversationFacts';
import { ConversationStatusPanel } from './ConversationStatusPanel';
import { CustomAnalysisPanel } from './CustomAnalysisPanel';
import { DiscussionSection } from './discussion/DiscussionSection';
import { ReviewLayout } from './review/ReviewLayout';
import { ReviewWalkBar } from './review/ReviewWalkBar';
import { TurnFocusProvider } from './turns/turn-focus';

function ConversationView({ conversation, user }: { conversation: Conversation; user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const membership = useMyCampaignRole(conversation.campaign_id);
  const progress = useConversationProgress(conversation.id);
  const sideBySide = useViewportWidth() >= sideBySideWidth;
  const [tab, setTab] = useReviewTab(user.id);
  const showConversation = useCallback(() => setTab('conversation'), [setTab]);
  const abilities = membership.data ? campaignAbilities(user, membership.data) : null;
  const canEdit = abilities?.contribute ?? false;
  const title = t(`conversation.heading.${conversation.type}`, {
    date: formatDate(conversation.started_at, i18n.language),
  });
  const agent = conversation.agent?.name ?? t('conversation.facts.noAgent');
  // The panes change with the conversation alone: the same elements while the user's role, the live progress or the
  // chosen tab change, so React leaves the transcript and the scorecard as they are.
  const panes = useMemo(
    () => ({
      conversation: (
        <>
          <ConversationContent conversation={conversation} />
          <CustomAnalysisPanel conversation={conversation} />
          <ConversationFacts conversation={conversation} />
        </>
      ),
      evaluation: <EvaluationPanel conversation={conversation} user={user} />,
      discussion: <DiscussionSection conversationId={conversation.id} userId={user.id} />,
    }),
    [conversation, user],
  );

  return (
    <EvaluationProvider
      conversationId={conversation.id}
      userId={user.id}
      canChange={abilities?.editSettings ?? false}
      status={conversation.evaluation?.status ?? null}
    >
      <TurnFocusProvider {...(sideBySide ? {} : { onFocusTurn: showConversation })}>
        <ReviewLayout
          sideBySide={sideBySide}
          tab={tab}
          onTab={setTab}
          header={
            <>
              <ReviewWalkBar conversation={conversation} />
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
              <ConversationStatusPanel
                conversation={conversation}
                progress={progress}
                canRelaunch={canEdit}
              />
            </>
          }
          conversation={panes.conversation}
          evaluation={panes.evaluation}
          discussion={panes.discussion}
        />
      </TurnFocusProvider>
    </EvaluationProvider>
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
  // The screen is rendered in a transition once the conversation arrives: React renders it in slices that leave
  // the main thread to input between them, instead of one long task (a conversation already known renders at once).
  const shown = useDeferredValue(conversation.data);
  if (conversation.error) {
    return <PageLoadError error={conversation.error} onRetry={() => void conversation.refetch()} />;
  }
  if (!shown) return <Loading />;
  return (
    <ReviewWalkProvider conversationId={shown.id} campaignId={shown.campaign_id}>
      <ConversationView conversation={shown} user={user} />
    </ReviewWalkProvider>
  );
}
