// The dashboards load with the page that shows them, never with the first route: their code (Recharts with it)
// arrives when a dashboard is first drawn, with a placeholder meanwhile.
import { Suspense } from 'react';
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { Loading } from '../../components/Loading';
import { lazyPage } from '../../routes/lazy-page';

const Supervisor = lazyPage(() => import('./SupervisorDashboard'));
const Agent = lazyPage(() => import('./AgentDashboard'));

export function LazyDashboard({ scope, ownFigures }: { scope: GraphScope; ownFigures: boolean }) {
  return (
    <Suspense fallback={<Loading />}>
      {ownFigures ? <Agent scope={scope} /> : <Supervisor scope={scope} />}
    </Suspense>
  );
}
