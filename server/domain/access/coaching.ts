// Who may read and write coaching plans: the coaching users (configured) of the agent's organisation and admins
// write; the agent reads their own plans and acknowledges them; to anyone else a plan does not exist.
import { Forbidden, NotFound } from '../../errors';
import type { RouteAudience } from './audience';
import { canSeeAgentWork } from './conversations';
import { belongsTo, type Principal, type UserRecord } from './principal';

/** The configured coaching users: lower-cased emails or ids. */
export type CoachingUsers = readonly string[];

/** Whether the user is one of the configured coaching users (the Coaching menu entry). */
export const isCoachingUser = (coachingUsers: CoachingUsers, user: Pick<UserRecord, 'id' | 'email'>) =>
  coachingUsers.includes(user.email.toLowerCase()) || coachingUsers.includes(user.id.toLowerCase());

/**
 * Who could ever coach: everyone but the agents who are not coaching users (an agent coaches no one else, and a
 * supervisor may coach once listed). Coaching's write routes refuse the others before reading their input.
 */
export const coachingAudience = (coachingUsers: CoachingUsers): RouteAudience => ({
  includes: (user) => user.isAdmin || user.role !== 'agent' || isCoachingUser(coachingUsers, user),
  refusal: 'Agents do not coach',
});

/** Admins coach everyone; a coaching user coaches the agents of their organisation whose work they see. */
export function canCoach(
  coachingUsers: CoachingUsers,
  user: UserRecord,
  agent: Pick<UserRecord, 'id' | 'organisationId'>,
): boolean {
  if (user.isAdmin) return true;
  return (
    isCoachingUser(coachingUsers, user) &&
    belongsTo(user, agent.organisationId) &&
    canSeeAgentWork(user, agent.id)
  );
}

/** What the rules need to know about a plan. */
export interface PlanAccess {
  organisationId: string;
  agentId: string;
}

const asAgent = (plan: PlanAccess) => ({ id: plan.agentId, organisationId: plan.organisationId });

/** The plan's coaches and its agent read it; 404 to anyone else, as for an unknown id. */
export function assertCanReadPlan(principal: Principal, coachingUsers: CoachingUsers, plan: PlanAccess) {
  if (principal.user.id === plan.agentId) return;
  if (!canCoach(coachingUsers, principal.user, asAgent(plan))) throw new NotFound('Coaching plan');
}

/** Only the plan's coaches change it; the agent, who reads it, gets 403. */
export function assertCanWritePlan(principal: Principal, coachingUsers: CoachingUsers, plan: PlanAccess) {
  assertCanReadPlan(principal, coachingUsers, plan);
  if (!canCoach(coachingUsers, principal.user, asAgent(plan))) {
    throw new Forbidden('Only a coach changes a coaching plan');
  }
}

/** Only the plan's agent acknowledges it; its coaches, who read it, get 403. */
export function assertCanAcknowledgePlan(
  principal: Principal,
  coachingUsers: CoachingUsers,
  plan: PlanAccess,
) {
  assertCanReadPlan(principal, coachingUsers, plan);
  if (principal.user.id !== plan.agentId) throw new Forbidden('Only the agent acknowledges their plan');
}

/** Throws 404 unless the principal coaches the agent (an unknown agent answers the same). */
export function assertCanCoach(
  principal: Principal,
  coachingUsers: CoachingUsers,
  agent: Pick<UserRecord, 'id' | 'organisationId'> | undefined,
) {
  if (!agent || !canCoach(coachingUsers, principal.user, agent)) throw new NotFound('Agent');
}
