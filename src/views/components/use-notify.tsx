// Success and failure toasts, said from i18n keys so that a toast on screen follows a language switch.
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessageKey } from '../../services/api-error';

/** A sentence that re-renders in the current language (a toast outlives the render that raised it). */
function Said({ what }: { what: string }) {
  const { t } = useTranslation();
  return <>{t(what)}</>;
}

export function useNotify() {
  return {
    success: (key: string) => toast.success(<Said what={key} />),
    error: (key: string) => toast.error(<Said what={key} />),
    /** `action` names what failed ("The campaign could not be saved."); the reason follows from the status. */
    failure: (action: string, error: unknown) =>
      toast.error(<Said what={action} />, { description: <Said what={errorMessageKey(error)} /> }),
  };
}
