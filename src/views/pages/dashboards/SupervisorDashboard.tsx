// The supervisor's dashboard of a scope (the home's or one campaign's): the KPIs, then every graph, each
// opening the conversations behind its figures.
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { AgentsPerformanceCard } from './AgentsPerformanceCard';
import { DrillDownProvider } from './drill-down';
import { ItemDetailsCard } from './ItemDetailsCard';
import { KpiCards } from './KpiCards';
import { PhasesCard } from './PhasesCard';
import { ScoreDistributionCard } from './ScoreDistributionCard';
import { ScoreEvolutionCard } from './ScoreEvolutionCard';
import { TopicsCard } from './TopicsCard';
import { TypeProportionCard } from './TypeProportionCard';

export default function SupervisorDashboard({ scope }: { scope: GraphScope }) {
  return (
    <DrillDownProvider scope={scope}>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <KpiCards scope={scope} className="lg:col-span-2" />
        <ScoreEvolutionCard scope={scope} />
        <ScoreDistributionCard scope={scope} />
        <AgentsPerformanceCard scope={scope} />
        <ItemDetailsCard scope={scope} />
        <TopicsCard scope={scope} />
        <TypeProportionCard scope={scope} />
        <PhasesCard scope={scope} className="lg:col-span-2" />
      </div>
    </DrillDownProvider>
  );
}
