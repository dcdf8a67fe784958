// The best or the worst agents (20 at most) by average main score; an agent opens their conversations.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentsPerformance } from '../../../contract/dashboard-graphs';
import { agentFilter } from '../../services/dashboards/drill-down-filters';
import type { GraphScope } from '../../services/dashboards/graph-scope';
import { useAgentsPerformance } from '../../services/queries/dashboard-graphs';
import { scoreColor } from './chart-style';
import { FigureLink, useDrillDown } from './drill-down';
import { FigureTable } from './FigureTable';
import { formatCount, formatScore } from './graph-format';
import { GraphCard } from './GraphCard';
import { HorizontalBars } from './HorizontalBars';

type Agent = AgentsPerformance['agents'][number];

function OrderSwitch({
  worstFirst,
  onChange,
}: {
  worstFirst: boolean;
  onChange: (worstFirst: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('dashboards.agents.order')}
      className="flex rounded-lg ring-1 ring-gray-300"
    >
      {[false, true].map((worst) => (
        <button
          key={String(worst)}
          type="button"
          aria-pressed={worstFirst === worst}
          onClick={() => onChange(worst)}
          className="px-2.5 py-1 text-xs font-medium text-gray-700 first:rounded-l-lg last:rounded-r-lg hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-purple-600 aria-pressed:bg-purple-700 aria-pressed:text-white"
        >
          {worst ? t('dashboards.agents.worst') : t('dashboards.agents.best')}
        </button>
      ))}
    </div>
  );
}

export function AgentsPerformanceCard({ scope, className }: { scope: GraphScope; className?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [worstFirst, setWorstFirst] = useState(false);
  const query = useAgentsPerformance(scope, worstFirst);
  const drillDown = useDrillDown();

  return (
    <GraphCard
      title={worstFirst ? t('dashboards.agents.worstTitle') : t('dashboards.agents.bestTitle')}
      className={className}
      query={query}
      isEmpty={(data) => data.agents.length === 0}
      emptyText={t('dashboards.agents.empty')}
      controls={<OrderSwitch worstFirst={worstFirst} onChange={setWorstFirst} />}
      chart={(data) => (
        <HorizontalBars<Agent>
          rows={data.agents}
          name={(agent) => agent.name}
          value={(agent) => agent.average_score}
          max={100}
          formatValue={(score) => formatScore(score, locale)}
          color={(agent) => scoreColor(agent.average_score)}
          tooltip={(agent) => [
            { label: t('dashboards.averageScore'), value: formatScore(agent.average_score, locale) },
            { label: t('dashboards.evaluated'), value: formatCount(agent.evaluated, locale) },
          ]}
          onOpen={(agent) => drillDown({ figure: agentFilter(agent.id), label: agent.name })}
        />
      )}
      table={(data) => (
        <FigureTable
          caption={worstFirst ? t('dashboards.agents.worstTitle') : t('dashboards.agents.bestTitle')}
          rows={data.agents}
          rowKey={(agent) => agent.id}
          columns={[
            {
              header: t('dashboards.agents.agent'),
              cell: (agent) => (
                <FigureLink figure={agentFilter(agent.id)} label={agent.name}>
                  {agent.name}
                </FigureLink>
              ),
            },
            {
              header: t('dashboards.evaluated'),
              cell: (agent) => formatCount(agent.evaluated, locale),
              numeric: true,
            },
            {
              header: t('dashboards.averageScore'),
              cell: (agent) => formatScore(agent.average_score, locale),
              numeric: true,
            },
          ]}
        />
      )}
    />
  );
}
