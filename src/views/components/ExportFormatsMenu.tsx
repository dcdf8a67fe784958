// The export button's menu of formats, each with the evaluation's detail too when offered (Headless UI), loaded when the user first shows interest in the button
// (ExportMenu.tsx): the list's first paint does without Headless UI (decision 0204).
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { exportDetails, exportFormats } from '../../../contract/values/conversations';
import type { ExportChoice } from '../../services/downloads/conversation-export';
import { buttonClass } from './Button';
import { ExportButtonFace } from './ExportButtonFace';
import { useHandover, type Handover } from './stand-in-handover';

export function ExportFormatsMenu({
  withDetail,
  label,
  onChoose,
  handover,
}: {
  withDetail: boolean;
  label?: string | undefined;
  onChoose: (choice: ExportChoice) => void;
  handover: Handover;
}) {
  const { t } = useTranslation();
  const button = useHandover(handover);
  const choices: ExportChoice[] = (withDetail ? exportDetails : (['summary'] as const)).flatMap((detail) =>
    exportFormats.map((format) => ({ format, detail })),
  );
  return (
    <Menu>
      <MenuButton ref={button} className={buttonClass('secondary')}>
        <ExportButtonFace label={label} />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 min-w-44 rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-black/10 [--anchor-gap:4px] focus:outline-none"
      >
        {choices.map((choice) => (
          <MenuItem key={`${choice.format}-${choice.detail}`}>
            <button
              type="button"
              onClick={() => onChoose(choice)}
              className="block w-full rounded-md px-3 py-2 text-left data-focus:bg-purple-50"
            >
              {choice.detail === 'items'
                ? t(`conversations.export.withItems.${choice.format}`)
                : t(`conversations.export.formats.${choice.format}`)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
