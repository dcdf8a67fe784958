// Where toasts show (sonner), mounted once a screen that can toast has shown (see toasts-wanted.ts).
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

export default function Toasts() {
  const { t } = useTranslation();
  // Bottom centre hides no page title or header action, and stays clear of the notification panel (bottom right)
  // and the menu (left).
  // Sonner's green text on its green background reads at 4.2:1; a darker green reaches 4.5:1 and more.
  return (
    <Toaster
      position="bottom-center"
      richColors
      closeButton
      containerAriaLabel={t('app.messages')}
      toastOptions={{ classNames: { success: 'text-green-800!' } }}
    />
  );
}
