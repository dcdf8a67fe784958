// What the user may do with a conversation: download it; with edit rights also correct its agent and metadata,
// edit a call's transcript, and delete it after confirmation (then back to the campaign's list).
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ArrowDownTrayIcon, ChevronDownIcon, PencilSquareIcon, TrashIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Conversation } from '../../../../contract/conversations';
import { useDeleteConversation, useExportConversation } from '../../../services/queries/conversations';
import { Button, ButtonLink, buttonClass } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotify } from '../../components/use-notify';
import { EditConversationDialog } from './EditConversationDialog';

/** Whether the conversation has a transcript to correct: a call whose transcription is over. */
export const hasEditableTranscript = (conversation: Conversation): boolean =>
  conversation.type === 'call' && conversation.turns.length > 0 && conversation.status !== 'transcribing';

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
          <Menu>
            <MenuButton className={buttonClass('secondary')}>
              {t('conversation.actions.more')}
              <ChevronDownIcon className="size-4 text-gray-500" aria-hidden="true" />
            </MenuButton>
            <MenuItems
              anchor="bottom end"
              className="z-50 min-w-52 rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-black/10 [--anchor-gap:4px] focus:outline-none"
            >
              <MenuItem>
                <button
                  type="button"
                  onClick={() => setEditing(true)}
                  className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left data-focus:bg-purple-50"
                >
                  <PencilSquareIcon className="size-4 text-gray-500" aria-hidden="true" />
                  {t('conversation.actions.edit')}
                </button>
              </MenuItem>
              <MenuItem>
                <button
                  type="button"
                  onClick={() => setConfirmingDelete(true)}
                  className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-red-800 data-focus:bg-red-50"
                >
                  <TrashIcon className="size-4" aria-hidden="true" />
                  {t('conversation.actions.delete')}
                </button>
              </MenuItem>
            </MenuItems>
          </Menu>
          {editing && (
            <EditConversationDialog conversation={conversation} onClose={() => setEditing(false)} />
          )}
          <ConfirmDialog
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
