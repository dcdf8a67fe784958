// Success and failure toasts, in the user's language; the first screen using them brings the toasts container.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessageKey } from '../../services/api-error';
import { wantToasts } from './toasts-wanted';

export function useNotify() {
  const { t } = useTranslation();
  useEffect(wantToasts, []);
  return {
    success: (key: string) => toast.success(t(key)),
    error: (key: string, values?: Record<string, string>) => toast.error(t(key, values)),
    /** `action` names what failed ("The campaign could not be saved."); the reason follows from the status. */
    failure: (action: string, error: unknown) =>
      toast.error(t(action), { description: t(errorMessageKey(error)) }),
  };
}
