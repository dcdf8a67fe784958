// The two Reviews pages' tabs: the reviewer's own queue, and the team of a campaign whose reviews they manage.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';

const tabs = [
  { path: '/reviews', key: 'reviews.queueTitle' },
  { path: '/reviews/team', key: 'reviews.teamTitle' },
] as const;

export function ReviewsTabs() {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <nav aria-label={t('reviews.tabs')} className="mb-4 flex gap-1 border-b border-gray-200">
      {tabs.map((tab) => {
        const current = location === tab.path;
        return (
          <Link
            key={tab.path}
            href={tab.path}
            aria-current={current ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-purple-600 ${
              current
                ? 'border-purple-700 text-purple-800'
                : 'border-transparent text-gray-700 hover:text-gray-900'
            }`}
          >
            {t(tab.key)}
          </Link>
        );
      })}
    </nav>
  );
}
