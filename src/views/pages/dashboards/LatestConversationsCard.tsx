// An agent's latest evaluated conversations of the period, newest first, each a link to its page.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { useLatestEvaluated } from '../../../services/queries/dashboard-graphs';
import { formatDateTime } from '../../components/format';
import { EvaluationScoreCell } from '../conversations/EvaluationScoreCell';
import { GraphCard } from './GraphCard';

const shownConversations = 8;

export function LatestConversationsCard({ scope, className }: { scope: GraphScope; className?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const query = useLatestEvaluated(scope, shownConversations);
  return (
    <GraphCard
      title={t('dashboards.latest.title')}
      className={className}
      query={{ ...query, data: query.data }}
      isEmpty={(rows) => rows.length === 0}
      emptyText={t('dashboards.latest.empty')}
      chart={(rows) => (
        <ul className="divide-y divide-gray-100">
          {rows.map((row) => (
            <li key={row.id}>
              <Link
                href={`/conversations/${row.id}`}
                className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
              >
                <span className="flex-1 text-sm">
                  <span className="block text-gray-900">{formatDateTime(row.started_at, locale)}</span>
                  <span className="block text-xs text-gray-600">
                    {[t(`conversation.types.${row.type}`), ...row.topics].join(' · ')}
                  </span>
                </span>
                <EvaluationScoreCell evaluation={row.evaluation} locale={locale} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    />
  );
}
