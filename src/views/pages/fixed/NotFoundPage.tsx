// The catch-all page (spec §2).
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageTitle } from '../../components/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.notFound.title'));
  return (
    <div className="grid min-h-[70vh] place-items-center px-6">
      <div className="text-center">
        <p className="text-6xl font-bold text-primary-700">{t('pages.notFound.code')}</p>
        <h1 className="mt-3 text-2xl font-semibold text-gray-900">{t('pages.notFound.title')}</h1>
        <Link
          href="/"
          className="mt-6 inline-block rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
        >
          {t('pages.notFound.home')}
        </Link>
      </div>
    </div>
  );
}
