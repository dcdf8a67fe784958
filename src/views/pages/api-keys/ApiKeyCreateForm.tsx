// Creating an API key: its name, scopes and optional expiry; the key is then shown once, to copy.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiKeyScopes } from '../../../../contract/values/api-keys';
import type { ApiKeyScope } from '../../../../contract/api-keys';
import { useCreateApiKey } from '../../../services/queries/api-keys';

const fieldClass = 'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm';

export function ApiKeyCreateForm({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const create = useCreateApiKey(organisationId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        name: name.trim(),
        scopes,
        expires_at: expiry ? Math.floor(Date.parse(`${expiry}T23:59:59Z`) / 1000) : null,
      },
      {
        onSuccess: () => {
          setName('');
          setScopes([]);
          setExpiry('');
        },
      },
    );
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((other) => other !== scope)));

  return (
    <section className="grid gap-4 rounded-xl bg-white p-4 shadow-sm" aria-labelledby="api-key-create">
      <h2 id="api-key-create" className="text-lg font-semibold text-gray-900">
        {t('apiKeys.create.title')}
      </h2>
      {create.data && (
        <div role="status" className="grid gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p>{t('apiKeys.create.shownOnce')}</p>
          <code className="break-all rounded bg-white p-2 font-mono text-xs" data-testid="new-api-key">
            {create.data.key}
          </code>
        </div>
      )}
      <form className="grid gap-4" onSubmit={submit}>
        <label className="grid gap-1 text-sm font-medium text-gray-700">
          {t('apiKeys.create.name')}
          <input
            className={fieldClass}
            value={name}
            maxLength={120}
            required
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-gray-700">{t('apiKeys.create.scopes')}</legend>
          {apiKeyScopes.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm text-gray-700">
              <input
                type="checkbox"
                className="mt-1"
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
              />
              <span>
                <code className="font-mono text-xs">{scope}</code> —{' '}
                {t(`apiKeys.scopes.${scope.replace(':', '_')}`)}
              </span>
            </label>
          ))}
        </fieldset>
        <label className="grid gap-1 text-sm font-medium text-gray-700">
          {t('apiKeys.create.expiry')}
          <input
            type="date"
            className={fieldClass}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
        </label>
        {create.isError && (
          <p role="alert" className="text-sm text-red-700">
            {t('apiKeys.create.failed')}
          </p>
        )}
        <button
          type="submit"
          className="justify-self-start rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
          disabled={create.isPending || scopes.length === 0 || name.trim() === ''}
        >
          {create.isPending ? t('apiKeys.create.creating') : t('apiKeys.create.submit')}
        </button>
      </form>
    </section>
  );
}
