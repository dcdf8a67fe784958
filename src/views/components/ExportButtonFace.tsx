// What the export button shows, the same on its stand-in and on the real menu's button.
import { ArrowDownTrayIcon, ChevronDownIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';

/** `label` names what is exported when it is not the whole list ("Export the selection"). */
export function ExportButtonFace({ label }: { label?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
      {label ?? t('conversations.export.label')}
      <ChevronDownIcon className="size-4 text-gray-500" aria-hidden="true" />
    </>
  );
}
