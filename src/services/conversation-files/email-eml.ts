// Emails as .eml files: each file one message, parsed in the browser; the messages of a batch that answer one
// another (References, In-Reply-To) make one thread, which becomes one email conversation whose external id is
// the thread's first Message-ID. A message is the agent's when it comes from the agent's address or domain.
import PostalMime, { type Address } from 'postal-mime';
import { refuse, type Agent, type DraftConversation } from './drafts';
import { contentExternalId } from './fingerprint';

export interface EmlMessage {
  fileName: string;
  messageId: string | null;
  /** The message this one answers, as its headers say (the first of References, else In-Reply-To). */
  answers: string | null;
  from: string;
  /** Every address of From, To and Cc, lower-cased. */
  participants: string[];
  subject: string;
  body: string;
  sentAt: number | null;
}

const addressesOf = (addresses: readonly Address[] | Address | undefined): string[] =>
  (Array.isArray(addresses) ? addresses : addresses ? [addresses] : []).flatMap((address: Address) =>
    address.group
      ? address.group.map((member) => member.address.toLowerCase())
      : [address.address.toLowerCase()],
  );

const messageIds = (header: string | undefined) => header?.match(/<[^<>\s]+>/g) ?? [];

/** One .eml file read into a message; refuses a file that holds no message. */
export async function readEml(fileName: string, bytes: ArrayBuffer): Promise<EmlMessage> {
  const email = await PostalMime.parse(bytes).catch(() => refuse('emlUnreadable', { file: fileName }));
  const from = addressesOf(email.from)[0];
  const body = (email.text ?? '').trim();
  if (!from || !body) refuse('emlUnreadable', { file: fileName });
  const sent = email.date ? Date.parse(email.date) : Number.NaN;
  return {
    fileName,
    messageId: messageIds(email.messageId)[0] ?? null,
    answers: messageIds(email.references)[0] ?? messageIds(email.inReplyTo)[0] ?? null,
    from,
    participants: [...new Set([from, ...addressesOf(email.to), ...addressesOf(email.cc)])],
    subject: (email.subject ?? '').trim(),
    body,
    sentAt: Number.isNaN(sent) ? null : Math.floor(sent / 1000),
  };
}

export interface EmlThread {
  /** The first Message-ID of the thread, or one made from the content of a message without any. */
  key: string;
  messages: EmlMessage[];
}

/** The thread each message opens: the message it answers, followed up while that one is in the batch too. */
function rootOf(message: EmlMessage, byId: Map<string, EmlMessage>): string {
  const seen = new Set<string>();
  let current = message;
  while (current.answers && !seen.has(current.answers)) {
    seen.add(current.answers);
    const parent = byId.get(current.answers);
    if (!parent) return current.answers;
    current = parent;
  }
  return (
    current.answers ??
    current.messageId ??
    contentExternalId({ from: current.from, subject: current.subject, body: current.body })
  );
}

/** The batch's messages gathered into threads, each in the order its messages were sent. */
export function threadsOf(messages: readonly EmlMessage[]): EmlThread[] {
  const byId = new Map(
    messages.flatMap((message) => (message.messageId ? [[message.messageId, message]] : [])),
  );
  const threads = new Map<string, EmlMessage[]>();
  for (const message of messages) {
    const key = rootOf(message, byId);
    threads.set(key, [...(threads.get(key) ?? []), message]);
  }
  return [...threads].map(([key, thread]) => ({
    key,
    messages: thread.sort((a, b) => (a.sentAt ?? 0) - (b.sentAt ?? 0)),
  }));
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/** A thread as a conversation: its agent is the first of the organisation's agents who took part, if any. */
export function emlThreadDraft(thread: EmlThread, agents: readonly Agent[]): DraftConversation {
  const participants = new Set(thread.messages.flatMap((message) => message.participants));
  const named = agents.find((agent) => participants.has(agent.email.toLowerCase()));
  return {
    label: thread.messages.map((message) => message.fileName).join(', '),
    agentRef: named ? { email: named.email } : null,
    build: (agent) => {
      const agentAddress = agent.email.toLowerCase();
      const isAgents = (from: string) => from === agentAddress || domainOf(from) === domainOf(agentAddress);
      return {
        type: 'email',
        external_id: thread.key,
        emails: thread.messages.map((message) => ({
          speaker: isAgents(message.from) ? 'agent' : 'customer',
          ...(message.subject ? { subject: message.subject } : {}),
          body: message.body,
          ...(message.sentAt === null ? {} : { sent_at: message.sentAt }),
        })),
      };
    },
  };
}
