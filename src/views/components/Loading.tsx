// What a page shows while its data arrives.
import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="p-6 text-sm text-gray-500">
      {t('common.loading')}
    </p>
  );
}
