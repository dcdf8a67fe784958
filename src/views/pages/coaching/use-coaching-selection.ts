// Which agent and plan the coaching page shows, kept in the address (`?agent=…&plan=…|new`) so that a reload,
// a link or the back button shows the same.
import { useLocation, useSearch } from 'wouter';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CoachingSelection {
  agentId: string | null;
  /** A plan's id, 'new' for the new plan form, null for the agent's plans. */
  plan: string | null;
}

export const coachingHref = ({ agentId, plan }: CoachingSelection) => {
  const params = new URLSearchParams();
  if (agentId) params.set('agent', agentId);
  if (agentId && plan) params.set('plan', plan);
  const query = params.toString();
  return query ? `/coaching?${query}` : '/coaching';
};

export function useCoachingSelection(): [CoachingSelection, (selection: CoachingSelection) => void] {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const agent = params.get('agent');
  const plan = params.get('plan');
  const agentId = agent && uuid.test(agent) ? agent : null;
  const selection = {
    agentId,
    plan: agentId && plan && (plan === 'new' || uuid.test(plan)) ? plan : null,
  };
  return [selection, (next) => navigate(coachingHref(next))];
}
