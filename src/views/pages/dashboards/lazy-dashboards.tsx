// The dashboards load with the page that shows them, never with the first route: their code (Recharts with it)
// arrives when a dashboard is first drawn, with a placeholder meanwhile. A page that reads something before it can
// draw its dashboard (the home reads its campaigns) starts loading that code at once, beside its own requests.
import { Suspense } from 'react';
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { Loading } from '../../components/Loading';
import { lazyPage } from '../../routes/lazy-page';

const loadSupervisor = () => import('./SupervisorDashboard');
const loadAgent = () => import('./AgentDashboard');
const Supervisor = lazyPage(loadSupervisor);
const Agent = lazyPage(loadAgent);

/**
 * Starts fetching the dashboard's code without drawing it; a failure is left to the drawing, which reports it
 * (the browser fetches a module once, so the drawing finds it loaded).
 */
export function preloadDashboard(ownFigures: boolean): void {
  (ownFigures ? loadAgent() : loadSupervisor()).catch(() => undefined);
}

export function LazyDashboard({ scope, ownFigures }: { scope: GraphScope; ownFigures: boolean }) {
  return (
    <Suspense fallback={<Loading />}>
      {ownFigures ? <Agent scope={scope} /> : <Supervisor scope={scope} />}
    </Suspense>
  );
}
