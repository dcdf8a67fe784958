// What the user may do with a conversation: download it; with edit rights also correct its agent and metadata,
// edit a call's transcript, and delete it after confirmation (then back to the campaign's list). The "More" menu
// and the dialogs load their code (Headless UI) when first wanted (decision 0218).
import { ArrowDownTrayIcon, ChevronDownIcon, PencilSquareIcon } from '@heroicons/react/20/solid';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Conversation } from '../../../../contract/conversations';
import { useDeleteConversation, useExportConversation } from '../../../services/queries/conversations';
import { Button, ButtonLink, buttonClass } from '../../components/Button';
import { codeOnIntent } from '../../components/code-on-intent';
import { LazyConfirmDialog, preloadConfirmDialog } from '../../components/LazyConfirmDialog';
import { useStandInButton } from '../../components/stand-in-button';
import { useStandIn } from '../../components/use-stand-in';
import { useNotify } from '../../components/use-notify';
import { hasEditableTranscript } from './editable-transcript';

const menuCode = codeOnIntent(() => import('./ConversationMoreMenu'));
const EditConversationDialog = lazy(() =>
  import('./EditConversationDialog').then(({ EditConversationDialog: dialog }) => ({ default: dialog })),
);

/** The "More" menu's stand-in until the user shows interest, then the menu; its choices' dialogs load with it. */
function MoreMenu({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const { real, handover, preload, onIntent } = useStandIn(menuCode);
  const { button, handlers } = useStandInButton({
    preload: () => {
      preload();
      preloadConfirmDialog();
    },
    onIntent,
  });
  if (real) return <real.ConversationMoreMenu onEdit={onEdit} onDelete={onDelete} handover={handover} />;
  return (
    <button
      ref={button}
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      className={buttonClass('secondary')}
      {...handlers}
    >
      {t('conversation.actions.more')}
      <ChevronDownIcon className="size-4 text-gray-500" aria-hidden="true" />
    </button>
  );
}

export function ConversationActions({
  conversation,
  canEdit,
}: {
  conversation: Conversation;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const download = useExportConversation(conversation.id);
  const remove = useDeleteConversation(conversation.id);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(undefined, {
            onError: (error) => notify.failure('conversation.actions.downloadFailed', error),
          })
        }
      >
        <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
        {download.isPending ? t('common.working') : t('conversation.actions.download')}
      </Button>
      {canEdit && hasEditableTranscript(conversation) && (
        <ButtonLink href={`/conversations/${conversation.id}/transcript/edit`} variant="secondary">
          <PencilSquareIcon className="size-4" aria-hidden="true" />
          {t('conversation.actions.editTranscript')}
        </ButtonLink>
      )}
      {canEdit && (
        <>
          <MoreMenu onEdit={() => setEditing(true)} onDelete={() => setConfirmingDelete(true)} />
          {editing && (
            <Suspense>
              <EditConversationDialog conversation={conversation} onClose={() => setEditing(false)} />
            </Suspense>
          )}
          <LazyConfirmDialog
            open={confirmingDelete}
            title={t('conversation.actions.deleteTitle')}
            body={t('conversation.actions.deleteBody')}
            confirmLabel={t('conversation.actions.delete')}
            pending={remove.isPending}
            onClose={() => setConfirmingDelete(false)}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  notify.success('conversation.actions.deleted');
                  navigate(`/campaigns/${conversation.campaign_id}/conversations`);
                },
                onError: (error) => {
                  notify.failure('conversation.actions.deleteFailed', error);
                  setConfirmingDelete(false);
                },
              })
            }
          />
        </>
      )}
    </div>
  );
}
