// Who may be named as a conversation's agent: an agent of the campaign's organisation whose account is not
// disabled (an invited agent may already have conversations: they are often imported before anyone logs in).
import type { AccessUser } from './access/principal';
import { Unprocessable } from '../errors';

export type AgentCandidate = Pick<AccessUser, 'role' | 'organisationId' | 'status'>;

export const canBeConversationAgent = (user: AgentCandidate, organisationId: string): boolean =>
  user.role === 'agent' && user.organisationId === organisationId && user.status !== 'disabled';

/**
 * Throws 422 unless the user (undefined: no user has the id) may be the agent of a conversation of the
 * organisation; unknown ids and other organisations' users get the same answer, so it reveals nothing.
 */
export function assertConversationAgent(user: AgentCandidate | undefined, organisationId: string) {
  if (!user || !canBeConversationAgent(user, organisationId)) {
    throw new Unprocessable(
      "agent_id must be an agent of the campaign's organisation whose account is not disabled",
    );
  }
}
