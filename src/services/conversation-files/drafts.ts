// Conversations read from a file before they are sent: each names its agent (or leaves it to the batch) and is
// completed once the agent is known; a whole file is checked against the API's contract before anything of it
// is sent, and refused with a reason the page shows in the user's language.
import { newConversationSchema, type NewConversation } from '../../../contract/conversation-ingestion';

/** Why a file (or one conversation of it) is refused: an i18n key under `upload.refusals` and its values. */
export interface Refusal {
  key: string;
  values?: Record<string, string | number>;
}

export class FileRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.key);
    this.name = 'FileRefusal';
  }
}

export function refuse(key: string, values?: Refusal['values']): never {
  throw new FileRefusal(values ? { key, values } : { key });
}

/** An agent of the organisation as the files may name them. */
export interface Agent {
  id: string;
  email: string;
}

export interface DraftConversation {
  /** How the summary names it: its key in the file (conversation id, Message-ID) or its position. */
  label: string;
  /** The agent the file names, by id or address; null to use the batch's agent. */
  agentRef: { id?: string; email?: string } | null;
  /** The conversation without its agent id, once the agent is known (an email's speakers depend on it). */
  build(agent: Agent): Record<string, unknown>;
}

/** The agent the draft names, or the batch's; refuses an agent the organisation does not have. */
function agentOf(draft: DraftConversation, agents: readonly Agent[], batchAgent: Agent | null): Agent {
  const ref = draft.agentRef;
  if (!ref) return batchAgent ?? refuse('noAgent', { label: draft.label });
  const found = agents.find((agent) =>
    ref.id ? agent.id === ref.id : agent.email.toLowerCase() === ref.email?.toLowerCase(),
  );
  return found ?? refuse('unknownAgent', { agent: ref.email ?? ref.id ?? '' });
}

/** The path of the first problem the contract finds, as the summary names the field. */
const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join('.') || '—';

/**
 * Completes every draft of a file and checks it against the contract: all of them or a refusal, so a file
 * that cannot be sent whole sends nothing.
 */
export function finaliseDrafts(
  drafts: readonly DraftConversation[],
  agents: readonly Agent[],
  batchAgent: Agent | null,
): { label: string; conversation: NewConversation }[] {
  if (drafts.length === 0) refuse('empty');
  return drafts.map((draft) => {
    const agent = agentOf(draft, agents, batchAgent);
    const parsed = newConversationSchema.safeParse({ ...draft.build(agent), agent_id: agent.id });
    if (!parsed.success) {
      refuse('invalidConversation', {
        label: draft.label,
        field: fieldOf(parsed.error.issues[0]?.path ?? []),
      });
    }
    return { label: draft.label, conversation: parsed.data };
  });
}
