// The agent's home dashboard: their own figures (the server answers an agent with nothing else), their score
// over time, the items they miss most and their latest evaluated conversations.
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { DrillDownProvider } from './drill-down';
import { ItemDetailsCard } from './ItemDetailsCard';
import { KpiCards } from './KpiCards';
import { LatestConversationsCard } from './LatestConversationsCard';
import { ScoreEvolutionCard } from './ScoreEvolutionCard';

export default function AgentDashboard({ scope }: { scope: GraphScope }) {
  return (
    <DrillDownProvider scope={scope}>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <KpiCards scope={scope} className="lg:col-span-2" />
        <ScoreEvolutionCard scope={scope} />
        <LatestConversationsCard scope={scope} />
        <ItemDetailsCard scope={scope} shown={5} className="lg:col-span-2" />
      </div>
    </DrillDownProvider>
  );
}
