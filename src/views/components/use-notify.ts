// Success and failure toasts, in the user's language.
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessageKey } from '../../services/api-error';

export function useNotify() {
  const { t } = useTranslation();
  return {
    success: (key: string) => toast.success(t(key)),
    error: (key: string) => toast.error(t(key)),
    /** `action` names what failed ("The campaign could not be saved."); the reason follows from the status. */
    failure: (action: string, error: unknown) =>
      toast.error(t(action), { description: t(errorMessageKey(error)) }),
  };
}
