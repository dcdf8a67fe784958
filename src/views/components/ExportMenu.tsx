// An export button offering CSV or Excel: while the file arrives it says how much has come and offers to stop; a
// failure is said next to it.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ArrowDownTrayIcon, ChevronDownIcon, StopIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { exportFormats } from '../../../contract/values/conversations';
import { errorMessageKey } from '../../services/api-error';
import type { ExportFormat } from '../../services/downloads/conversation-export';
import type { StreamedDownload } from '../../services/downloads/streamed-download';
import { Button, buttonClass } from './Button';
import { formatBytes } from './format';

export function ExportMenu({ exporter }: { exporter: StreamedDownload<ExportFormat> }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {exporter.running ? (
        <>
          <span role="status" className="text-sm text-gray-700">
            {t('conversations.export.running', { size: formatBytes(exporter.receivedBytes, i18n.language) })}
          </span>
          <Button variant="secondary" onClick={exporter.stop}>
            <StopIcon className="size-4" aria-hidden="true" />
            {t('conversations.export.stop')}
          </Button>
        </>
      ) : (
        <Menu>
          <MenuButton className={buttonClass('secondary')}>
            <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
            {t('conversations.export.label')}
            <ChevronDownIcon className="size-4 text-gray-500" aria-hidden="true" />
          </MenuButton>
          <MenuItems
            anchor="bottom end"
            className="z-50 min-w-44 rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-black/10 [--anchor-gap:4px] focus:outline-none"
          >
            {exportFormats.map((format) => (
              <MenuItem key={format}>
                <button
                  type="button"
                  onClick={() => exporter.start(format)}
                  className="block w-full rounded-md px-3 py-2 text-left data-focus:bg-purple-50"
                >
                  {t(`conversations.export.formats.${format}`)}
                </button>
              </MenuItem>
            ))}
          </MenuItems>
        </Menu>
      )}
      {exporter.error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {t('conversations.export.failed')} {t(errorMessageKey(exporter.error))}
        </p>
      )}
    </div>
  );
}
