// Sends an upload batch, file by file: audio files as they are, with their progress; chat and email files read
// and checked whole in the browser first (a file with a problem sends nothing), then their conversations in as
// few batch POSTs as the limits allow, each stored all or none on the server. Every outcome is reported to
// `update` for the page to show.
import {
  audioMaxBytes,
  type conversationBatchResultSchema,
  type NewConversation,
} from '../../../contract/conversation-ingestion';
import type { conversationSchema } from '../../../contract/conversations';
import type { ApiClient } from '../api-client';
import { ApiError } from '../api-error';
import { readChatCsv } from '../conversation-files/chat-csv';
import { readConversationJson } from '../conversation-files/conversation-json';
import {
  FileRefusal,
  finaliseDrafts,
  refuse,
  type Agent,
  type DraftConversation,
  type Refusal,
} from '../conversation-files/drafts';
import { emlThreadDraft, readEml, threadsOf, type EmlMessage } from '../conversation-files/email-eml';
import { conversationBatches } from './conversation-batches';
import type { UploadChange, UploadKind } from './upload-items';

/** Text files are read whole in the browser: past this they are refused rather than freezing the tab. */
export const textFileMaxBytes = 50 * 1024 * 1024;

export interface UploadFile {
  id: string;
  file: File;
}

export interface UploadContext {
  api: ApiClient;
  campaignId: string;
  agents: readonly Agent[];
  /** The agent chosen for the batch; null to read each conversation's agent from its file. */
  batchAgent: Agent | null;
  update(id: string, change: UploadChange): void;
}

/** What the page says about a refusal by the server, from its status (its details are English). */
function refusalOfError(error: unknown, label: string): Refusal {
  if (error instanceof FileRefusal) return error.refusal;
  const byStatus: Record<number, string> = {
    400: 'invalid',
    403: 'forbidden',
    404: 'campaignGone',
    413: 'tooLarge',
    415: 'notAudio',
    422: 'agentRefused',
  };
  const key = error instanceof ApiError ? (byStatus[error.status] ?? 'server') : 'network';
  return { key, values: { label } };
}

/** A file refused before any of its conversations was stored. */
const refusedWhole = (error: unknown, file: File): UploadChange => ({
  status: 'refused',
  progress: 1,
  refused: 1,
  refusal: refusalOfError(error, file.name),
});

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

async function uploadAudio({ id, file }: UploadFile, context: UploadContext) {
  if (file.size > audioMaxBytes)
    return context.update(id, refusedWhole(new FileRefusal({ key: 'tooLarge' }), file));
  const body = new FormData();
  body.append('campaign_id', context.campaignId);
  if (context.batchAgent) body.append('agent_id', context.batchAgent.id);
  body.append('file', file);
  context.update(id, { status: 'sending' });
  try {
    const { status } = await context.api.submit<typeof conversationSchema>('/calls/audio', {
      body,
      onUploadProgress: (progress) => context.update(id, { progress }),
    });
    context.update(id, {
      status: 'done',
      progress: 1,
      ...(status === 201 ? { created: 1 } : { duplicates: 1 }),
    });
  } catch (error) {
    context.update(id, refusedWhole(error, file));
  }
}

/** The conversation of the batch a refusal names (`conversations.3: …`), else the batch's first. */
function refusedLabel(error: unknown, batch: readonly { label: string }[]): string {
  const index = error instanceof ApiError ? Number(/^conversations\.(\d+):/.exec(error.detail)?.[1] ?? 0) : 0;
  return (batch[index] ?? batch[0])!.label;
}

/**
 * Posts the file's conversations in batches, each stored all or none (a file within the batch limits is one
 * batch), counting what became of each.
 */
async function postConversations(
  id: string,
  conversations: { label: string; conversation: NewConversation }[],
  context: UploadContext,
) {
  const counts = { created: 0, duplicates: 0, refused: 0 };
  let refusal: Refusal | null = null;
  context.update(id, { status: 'sending', progress: 0 });
  for (const batch of conversationBatches(conversations)) {
    try {
      const { data } = await context.api.submit<typeof conversationBatchResultSchema>(
        `/campaigns/${context.campaignId}/conversations/batch`,
        { body: { conversations: batch.map(({ conversation }) => conversation) } },
      );
      for (const { outcome } of data.results) {
        if (outcome === 'created') counts.created += 1;
        else counts.duplicates += 1;
      }
    } catch (error) {
      counts.refused += batch.length;
      refusal ??= refusalOfError(error, refusedLabel(error, batch));
    }
    const done = counts.created + counts.duplicates + counts.refused;
    context.update(id, { ...counts, progress: done / conversations.length });
  }
  context.update(id, { status: counts.refused === conversations.length ? 'refused' : 'done', refusal });
}

async function readText(file: File): Promise<string> {
  if (file.size > textFileMaxBytes) refuse('fileTooLarge');
  return file.text();
}

/** The drafts of a chat file (CSV or JSON, by its extension, else by its first character). */
async function chatDrafts(file: File): Promise<DraftConversation[]> {
  const text = await readText(file);
  const extension = extensionOf(file.name);
  const isJson = extension === 'json' || (extension !== 'csv' && /^\s*[[{]/.test(text));
  return isJson ? readConversationJson(text, 'chat') : readChatCsv(text);
}

async function uploadDraftFile(
  { id, file }: UploadFile,
  context: UploadContext,
  draftsOf: (file: File) => Promise<DraftConversation[]>,
) {
  context.update(id, { status: 'reading' });
  let conversations;
  try {
    conversations = finaliseDrafts(await draftsOf(file), context.agents, context.batchAgent);
  } catch (error) {
    return context.update(id, refusedWhole(error, file));
  }
  await postConversations(id, conversations, context);
}

/**
 * Email files: JSON files one by one, .eml files of the whole batch read first and gathered into threads. A
 * thread's outcome shows on each of its files and is counted on the first.
 */
async function uploadEmails(files: UploadFile[], context: UploadContext) {
  const emlFiles = files.filter(({ file }) => extensionOf(file.name) === 'eml');
  for (const item of files.filter((candidate) => !emlFiles.includes(candidate))) {
    await uploadDraftFile(item, context, async (file) =>
      extensionOf(file.name) === 'json'
        ? readConversationJson(await readText(file), 'email')
        : refuse('emailFormat'),
    );
  }

  const messages = new Map<EmlMessage, UploadFile>();
  for (const item of emlFiles) {
    context.update(item.id, { status: 'reading' });
    try {
      if (item.file.size > textFileMaxBytes) refuse('fileTooLarge');
      messages.set(await readEml(item.file.name, await item.file.arrayBuffer()), item);
    } catch (error) {
      context.update(item.id, refusedWhole(error, item.file));
    }
  }
  for (const thread of threadsOf([...messages.keys()])) {
    const [first, ...others] = thread.messages.map((message) => messages.get(message)!);
    const followers = (change: UploadChange) => {
      const { created: _created, duplicates: _duplicates, refused: _refused, ...shared } = change;
      for (const other of others) context.update(other.id, shared);
    };
    const threadContext = {
      ...context,
      update: (id: string, change: UploadChange) => {
        context.update(id, change);
        followers(change);
      },
    };
    await uploadDraftFile(first!, threadContext, async () => [emlThreadDraft(thread, context.agents)]);
  }
}

export async function runUpload(kind: UploadKind, files: UploadFile[], context: UploadContext) {
  if (kind === 'emails') return uploadEmails(files, context);
  for (const item of files) {
    if (kind === 'calls') await uploadAudio(item, context);
    else await uploadDraftFile(item, context, chatDrafts);
  }
}
