// Where toasts show (sonner), mounted once a screen that can toast has shown (see toasts-wanted.ts).
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

export default function Toasts() {
  const { t } = useTranslation();
  return <Toaster position="top-center" richColors closeButton containerAriaLabel={t('app.messages')} />;
}
