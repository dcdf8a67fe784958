// The organisation's API keys: name, scopes, prefix, creator, dates and status, each revocable until revoked.
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '../../../../contract/api-keys';
import { useApiKeys, useRevokeApiKey } from '../../../services/queries/api-keys';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';

function ApiKeyItem({
  apiKey,
  now,
  onRevoke,
  revoking,
}: {
  apiKey: ApiKey;
  /** When the list was read, in milliseconds: a key past its expiry then shows as expired. */
  now: number;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const { t, i18n } = useTranslation();
  const date = (seconds: number | null) =>
    seconds === null ? t('apiKeys.list.never') : new Date(seconds * 1000).toLocaleDateString(i18n.language);
  const status = apiKey.revoked_at
    ? t('apiKeys.list.revoked')
    : apiKey.expires_at !== null && apiKey.expires_at * 1000 < now
      ? t('apiKeys.list.expired')
      : t('apiKeys.list.active');
  return (
    <li className="grid gap-2 rounded-xl bg-white p-4 text-sm shadow-sm" data-testid="api-key">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-gray-900">{apiKey.name}</span>
        <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">{status}</span>
      </div>
      <p className="font-mono text-xs text-gray-600">{apiKey.prefix}…</p>
      <p className="text-gray-700">{apiKey.scopes.join(', ')}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-gray-600 sm:grid-cols-4">
        <dt>{t('apiKeys.list.createdBy')}</dt>
        <dd>{apiKey.created_by.name}</dd>
        <dt>{t('apiKeys.list.createdAt')}</dt>
        <dd>{date(apiKey.created_at)}</dd>
        <dt>{t('apiKeys.list.lastUsed')}</dt>
        <dd>{date(apiKey.last_used_at)}</dd>
        <dt>{t('apiKeys.list.expires')}</dt>
        <dd>{date(apiKey.expires_at)}</dd>
      </dl>
      {!apiKey.revoked_at && (
        <button
          type="button"
          className="justify-self-start rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
          disabled={revoking}
          onClick={() => {
            if (window.confirm(t('apiKeys.list.confirmRevoke', { name: apiKey.name }))) onRevoke();
          }}
        >
          {t('apiKeys.list.revoke')}
        </button>
      )}
    </li>
  );
}

export function ApiKeyList({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const keys = useApiKeys(organisationId);
  const revoke = useRevokeApiKey(organisationId);
  const now = keys.dataUpdatedAt;
  if (keys.isPending) return <Loading />;
  if (keys.isError) return <QueryError error={keys.error} onRetry={() => void keys.refetch()} />;
  if (keys.data.items.length === 0) {
    return <p className="rounded-xl bg-white p-4 text-sm text-gray-600">{t('apiKeys.list.empty')}</p>;
  }
  return (
    <ul className="grid gap-3" aria-label={t('apiKeys.list.label')}>
      {keys.data.items.map((apiKey) => (
        <ApiKeyItem
          key={apiKey.id}
          apiKey={apiKey}
          now={now}
          revoking={revoke.isPending && revoke.variables === apiKey.id}
          onRevoke={() => revoke.mutate(apiKey.id)}
        />
      ))}
    </ul>
  );
}
