// The conversation's "More" menu (Headless UI): correct it, delete it. Loaded when the user first shows interest in
// its button (ConversationActions.tsx): the review screen's first paint does without Headless UI (decision 0218).
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDownIcon, PencilSquareIcon, TrashIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/Button';
import { useHandover, type Handover } from '../../components/stand-in-handover';

export function ConversationMoreMenu({
  onEdit,
  onDelete,
  handover,
}: {
  onEdit: () => void;
  onDelete: () => void;
  handover: Handover;
}) {
  const { t } = useTranslation();
  const button = useHandover(handover);
  return (
    <Menu>
      <MenuButton ref={button} className={buttonClass('secondary')}>
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
            onClick={onEdit}
            className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left data-focus:bg-purple-50"
          >
            <PencilSquareIcon className="size-4 text-gray-500" aria-hidden="true" />
            {t('conversation.actions.edit')}
          </button>
        </MenuItem>
        <MenuItem>
          <button
            type="button"
            onClick={onDelete}
            className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-red-800 data-focus:bg-red-50"
          >
            <TrashIcon className="size-4" aria-hidden="true" />
            {t('conversation.actions.delete')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
