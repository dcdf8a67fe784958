// An export button offering CSV or Excel (and, `withDetail`, each with the evaluation's detail): while the file arrives it says how much has come and offers to stop; a
// failure is said next to it. The menu's code (Headless UI) loads when the user first shows interest in the
// button; until then a stand-in with the same look stands there (decision 0204).
import { StopIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../services/api-error';
import type { ExportChoice } from '../../services/downloads/conversation-export';
import type { StreamedDownload } from '../../services/downloads/streamed-download';
import { Button, buttonClass } from './Button';
import { codeOnIntent } from './code-on-intent';
import { ExportButtonFace } from './ExportButtonFace';
import { formatBytes } from './format';
import { useStandInButton } from './stand-in-button';
import { useStandIn } from './use-stand-in';

const menuCode = codeOnIntent(() => import('./ExportFormatsMenu'));

function FormatsMenu({
  withDetail,
  label,
  onChoose,
}: {
  withDetail: boolean;
  label: string | undefined;
  onChoose: (choice: ExportChoice) => void;
}) {
  const { real, handover, preload, onIntent } = useStandIn(menuCode);
  const { button, handlers } = useStandInButton({ preload, onIntent });
  if (real) {
    return (
      <real.ExportFormatsMenu withDetail={withDetail} label={label} onChoose={onChoose} handover={handover} />
    );
  }
  return (
    <button
      ref={button}
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      className={buttonClass('secondary')}
      {...handlers}
    >
      <ExportButtonFace label={label} />
    </button>
  );
}

export function ExportMenu({
  exporter,
  withDetail = false,
  label,
}: {
  exporter: StreamedDownload<ExportChoice>;
  withDetail?: boolean;
  /** What the button says when it exports less than the whole list ("Export the selection"). */
  label?: string;
}) {
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
        <FormatsMenu withDetail={withDetail} label={label} onChoose={exporter.start} />
      )}
      {exporter.error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {t('conversations.export.failed')} {t(errorMessageKey(exporter.error))}
        </p>
      )}
    </div>
  );
}
