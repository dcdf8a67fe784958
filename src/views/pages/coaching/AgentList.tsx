// The agents of the coach's organisation, searchable, each a link to their coaching plans.
import { UserIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useOrganisationUsers } from '../../../services/queries/organisations';
import { TextField } from '../../components/fields';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { coachingHref } from './use-coaching-selection';

export function AgentList({ organisationId, selected }: { organisationId: string; selected: string | null }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const agents = useOrganisationUsers(organisationId, 'agent', useDebouncedValue(search.trim()));
  return (
    <nav
      aria-label={t('coaching.agents.title')}
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      <h2 className="text-base font-semibold text-gray-900">{t('coaching.agents.title')}</h2>
      <TextField
        type="search"
        label={t('coaching.agents.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {agents.isPending ? (
        <Loading />
      ) : agents.isError ? (
        <QueryError error={agents.error} onRetry={() => void agents.refetch()} />
      ) : agents.data.items.length === 0 ? (
        <p className="text-sm text-gray-600">{t(search ? 'common.noMatch' : 'coaching.agents.empty')}</p>
      ) : (
        <ul className="grid gap-1">
          {agents.data.items.map((agent) => (
            <li key={agent.id}>
              <Link
                href={coachingHref({ agentId: agent.id, plan: null })}
                aria-current={agent.id === selected ? 'page' : undefined}
                className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-gray-800 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600 aria-[current=page]:bg-purple-100 aria-[current=page]:font-semibold aria-[current=page]:text-purple-900"
              >
                <UserIcon className="size-4 shrink-0 text-gray-500" aria-hidden="true" />
                <span className="min-w-0 truncate">{agent.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
