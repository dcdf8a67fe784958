// What the export button shows, the same on its stand-in and on the real menu's button.
import { ArrowDownTrayIcon, ChevronDownIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';

export function ExportButtonFace() {
  const { t } = useTranslation();
  return (
    <>
      <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
      {t('conversations.export.label')}
      <ChevronDownIcon className="size-4 text-gray-500" aria-hidden="true" />
    </>
  );
}
