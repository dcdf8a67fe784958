// Chats as CSV: one row per message, grouped into conversations by their key (which becomes the conversation's
// external id), with optional agent, language and `metadata.<key>` columns. Format shown on the chats page.
import Papa from 'papaparse';
import { refuse, type DraftConversation } from './drafts';
import { parseFileTime } from './times';

export const chatCsvColumns = {
  required: ['conversation_id', 'speaker', 'text'],
  optional: ['sent_at', 'agent_email', 'agent_id', 'language'],
  metadataPrefix: 'metadata.',
} as const;

/** Speaker names a row may give, in English and French. */
const speakers: Record<string, 'agent' | 'customer'> = {
  agent: 'agent',
  customer: 'customer',
  client: 'customer',
};

type Row = Record<string, string | undefined>;

interface Message {
  speaker: 'agent' | 'customer';
  text: string;
  sent_at?: number;
}

interface Group {
  key: string;
  messages: Message[];
  agentId: string;
  agentEmail: string;
  language: string;
  metadata: Record<string, string>;
}

const columnsOfFields = { agentId: 'agent_id', agentEmail: 'agent_email', language: 'language' } as const;

/** Keeps the first value a conversation's rows give for `field`; a different one later is a mistake. */
function settle(group: Group, field: keyof typeof columnsOfFields, value: string) {
  if (!value) return;
  if (!group[field]) group[field] = value;
  else if (group[field] !== value)
    refuse('csvConflict', { label: group.key, column: columnsOfFields[field] });
}

function readRow(row: Row, line: number, groups: Map<string, Group>, metadataColumns: string[]) {
  const cell = (column: string) => (row[column] ?? '').trim();
  const key = cell('conversation_id');
  if (!key) refuse('csvMissingValue', { line, column: 'conversation_id' });
  const speaker = speakers[cell('speaker').toLowerCase()];
  if (!speaker) refuse('csvSpeaker', { line, value: cell('speaker') });
  const text = cell('text');
  if (!text) refuse('csvMissingValue', { line, column: 'text' });
  const sentAt = cell('sent_at') ? parseFileTime(cell('sent_at')) : undefined;
  if (sentAt === null) refuse('csvTime', { line, value: cell('sent_at') });

  let group = groups.get(key);
  if (!group) {
    group = { key, messages: [], agentId: '', agentEmail: '', language: '', metadata: {} };
    groups.set(key, group);
  }
  group.messages.push({ speaker, text, ...(sentAt === undefined ? {} : { sent_at: sentAt }) });
  settle(group, 'agentId', cell('agent_id'));
  settle(group, 'agentEmail', cell('agent_email'));
  settle(group, 'language', cell('language').toLowerCase());
  for (const column of metadataColumns) {
    const name = column.slice(chatCsvColumns.metadataPrefix.length);
    if (cell(column) && !(name in group.metadata)) group.metadata[name] = cell(column);
  }
}

const toDraft = (group: Group): DraftConversation => ({
  label: group.key,
  agentRef: group.agentId ? { id: group.agentId } : group.agentEmail ? { email: group.agentEmail } : null,
  build: () => ({
    type: 'chat',
    external_id: group.key,
    messages: group.messages,
    ...(group.language ? { language: group.language } : {}),
    ...(Object.keys(group.metadata).length > 0 ? { metadata: group.metadata } : {}),
  }),
});

/** The file's conversations, in the order their first rows come; refuses the whole file at its first problem. */
export function readChatCsv(text: string): DraftConversation[] {
  const parsed = Papa.parse<Row>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const firstError = parsed.errors[0];
  if (firstError) refuse('csvSyntax', { line: (firstError.row ?? 0) + 2 });
  const columns = parsed.meta.fields ?? [];
  const missing = chatCsvColumns.required.filter((column) => !columns.includes(column));
  if (missing.length > 0) refuse('csvColumns', { columns: missing.join(', ') });

  const metadataColumns = columns.filter((column) => column.startsWith(chatCsvColumns.metadataPrefix));
  const groups = new Map<string, Group>();
  // Line numbers as a spreadsheet shows them: the header is line 1.
  parsed.data.forEach((row, index) => readRow(row, index + 2, groups, metadataColumns));
  return [...groups.values()].map(toDraft);
}
