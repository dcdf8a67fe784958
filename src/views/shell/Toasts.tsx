// Where toasts show (sonner): loaded after the first page, since a toast only follows something the user did.
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

export default function Toasts() {
  const { t } = useTranslation();
  return <Toaster position="top-center" richColors closeButton containerAriaLabel={t('app.messages')} />;
}
