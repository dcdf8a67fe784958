// What an empty list says: nothing matches the filters (and a way to clear them), or the campaign has no
// conversations yet (and where to add some, for those who may).
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../components/Button';

const uploadPages = [
  { path: 'calls/upload', title: 'pages.titles.callsUpload' },
  { path: 'chats/upload', title: 'pages.titles.chatsUpload' },
  { path: 'emails/upload', title: 'pages.titles.emailsUpload' },
] as const;

export function NoConversations({
  campaignId,
  filtered,
  canUpload,
  onResetFilters,
}: {
  campaignId: string;
  filtered: boolean;
  canUpload: boolean;
  onResetFilters: () => void;
}) {
  const { t } = useTranslation();
  if (filtered) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p>{t('conversations.noMatch')}</p>
        <Button variant="secondary" onClick={onResetFilters}>
          {t('filters.reset')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="font-medium text-gray-900">{t('conversations.empty')}</p>
      {canUpload && (
        <>
          <p>{t('conversations.emptyUpload')}</p>
          <ul className="flex flex-wrap gap-2">
            {uploadPages.map(({ path, title }) => (
              <li key={path}>
                <Link
                  href={`/campaigns/${campaignId}/${path}`}
                  className="inline-block rounded-full bg-white px-3 py-1.5 text-purple-800 ring-1 ring-purple-200 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
                >
                  {t(title)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
