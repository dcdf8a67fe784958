// The best or the worst agents (20 at most) by average main score; an agent opens their conversations.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentsPerformance } from '../../../../contract/dashboard-graphs';
import { agentFilter } from '../../../services/dashboards/drill-down-filters';
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { useAgentsPerformance } from '../../../services/queries/dashboard-graphs';
import { scoreColor } from './chart-style';
import { FigureLink, useDrillDown } from './drill-down';
import { FigureTable } from './FigureTable';
import { formatCount, formatScore } from './graph-format';
import { GraphCard } from './GraphCard';
import { HorizontalBars } from './HorizontalBars';
import { ToggleGroup } from './ToggleGroup';

type Agent = AgentsPerformance['agents'][number];

/** Best first, or worst first. */
const orders = ['best', 'worst'] as const;

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
      controls={
        <ToggleGroup
          label={t('dashboards.agents.order')}
          options={orders}
          value={worstFirst ? 'worst' : 'best'}
          onChange={(order) => setWorstFirst(order === 'worst')}
          name={(order) => t(`dashboards.agents.${order}`)}
        />
      }
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
