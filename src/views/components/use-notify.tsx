// Success and failure toasts, said from i18n keys so that a toast on screen follows a language switch; the first
// screen using them brings the toasts container.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessageKey } from '../../services/api-error';
import { wantToasts } from './toasts-wanted';

type Values = Record<string, string | number>;

/** A sentence that re-renders in the current language (a toast outlives the render that raised it). */
function Said({ what, values }: { what: string; values?: Values }) {
  const { t } = useTranslation();
  return <>{t(what, values)}</>;
}

export function useNotify() {
  useEffect(wantToasts, []);
  return {
    success: (key: string, values?: Values) => toast.success(<Said what={key} values={values} />),
    error: (key: string, values?: Values) => toast.error(<Said what={key} values={values} />),
    /** `action` names what failed ("The campaign could not be saved."); the reason follows from the status. */
    failure: (action: string, error: unknown) =>
      toast.error(<Said what={action} />, { description: <Said what={errorMessageKey(error)} /> }),
  };
}
