// `/conversations/{id}/transcript/edit`: a call's transcript to correct, for those with edit rights in its
// campaign; anything else that is not a call's transcript is not found.
import { LockClosedIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../contract/conversations';
import type { CurrentUser } from '../../../../contract/users';
import { useMyCampaignRole } from '../../../services/queries/campaigns';
import { useConversation } from '../../../services/queries/conversations';
import { formatDate } from '../../components/format';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { campaignAbilities } from '../campaigns/campaign-abilities';
import { hasEditableTranscript } from '../conversations/editable-transcript';
import { BackToConversation } from './BackToConversation';
import { TranscriptEditor } from './TranscriptEditor';
import { NotFoundPage } from '../fixed/NotFoundPage';

function EditView({
  conversation,
  user,
  reading,
  onReadAgain,
}: {
  conversation: Conversation;
  user: CurrentUser;
  reading: boolean;
  onReadAgain: () => void;
}) {
  const { t, i18n } = useTranslation();
  const membership = useMyCampaignRole(conversation.campaign_id);
  if (membership.error)
    return <PageLoadError error={membership.error} onRetry={() => void membership.refetch()} />;
  if (membership.isPending) return <Loading />;
  const canEdit = campaignAbilities(user, membership.data).contribute;
  const date = formatDate(conversation.started_at, i18n.language);
  const agent = conversation.agent?.name ?? t('conversation.facts.noAgent');

  return (
    <>
      <BackToConversation conversation={conversation} />
      <PageHeader
        title={t('pages.titles.transcriptEdit')}
        intro={`${t('conversation.heading.call', { date })} · ${agent}`}
      />
      {!canEdit ? (
        <Notice
          icon={LockClosedIcon}
          title={t('conversation.editor.readOnlyTitle')}
          body={t('conversation.editor.readOnlyBody')}
        />
      ) : !hasEditableTranscript(conversation) ? (
        <Notice
          icon={LockClosedIcon}
          title={t('conversation.editor.noTranscriptTitle')}
          body={t('conversation.editor.noTranscriptBody')}
        />
      ) : (
        <TranscriptEditor conversation={conversation} reading={reading} onReadAgain={onReadAgain} />
      )}
    </>
  );
}

export default function TranscriptEditPage({
  conversationId,
  user,
}: {
  conversationId: string;
  user: CurrentUser;
}) {
  const conversation = useConversation(conversationId);
  const readAgain = () => void conversation.refetch();
  // Once the editor shows, a failed read (after a conflict) must not take the user's text off the screen.
  if (!conversation.data) {
    if (conversation.error) return <PageLoadError error={conversation.error} onRetry={readAgain} />;
    return <Loading />;
  }
  if (conversation.data.type !== 'call') return <NotFoundPage />;
  return (
    <EditView
      conversation={conversation.data}
      user={user}
      reading={conversation.isFetching}
      onReadAgain={readAgain}
    />
  );
}
