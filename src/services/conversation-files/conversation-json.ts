// Chats or email threads as JSON: one conversation in the API's shape, or an array of them; `type` may be left
// out, and the agent given by `agent_id` or `agent_email` (or left to the batch). A conversation without an
// `external_id` gets one from its content, so the same file uploaded again is skipped.
import { refuse, type DraftConversation } from './drafts';
import { contentExternalId } from './fingerprint';

type JsonKind = 'chat' | 'email';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toDraft(item: unknown, index: number, type: JsonKind): DraftConversation {
  if (!isRecord(item)) refuse('jsonShape', { position: index + 1 });
  const { agent_id: agentId, agent_email: agentEmail, ...conversation } = item;
  if (conversation.type !== undefined && conversation.type !== type) {
    refuse('jsonType', { position: index + 1, type: String(conversation.type) });
  }
  const content: Record<string, unknown> = { ...conversation, type };
  const externalId =
    typeof content.external_id === 'string' ? content.external_id : contentExternalId(content);
  return {
    label: typeof content.external_id === 'string' ? content.external_id : `#${index + 1}`,
    agentRef:
      typeof agentId === 'string'
        ? { id: agentId }
        : typeof agentEmail === 'string'
          ? { email: agentEmail }
          : null,
    build: () => ({ ...content, external_id: externalId }),
  };
}

export function readConversationJson(text: string, type: JsonKind): DraftConversation[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    refuse('jsonSyntax');
  }
  return (Array.isArray(parsed) ? parsed : [parsed]).map((item, index) => toDraft(item, index, type));
}
