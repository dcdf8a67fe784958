// The files of an upload batch as the page lists them: where each stands, how far it has gone, what came of it,
// and the batch's totals; the conversation-ingestion machine keeps the list with these functions.
import type { Refusal } from '../conversation-files/drafts';

export type UploadKind = 'calls' | 'chats' | 'emails';

export type UploadStatus = 'waiting' | 'reading' | 'sending' | 'done' | 'refused';

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** How much of the file has been sent (audio) or how many of its conversations (text), from 0 to 1. */
  progress: number;
  /** Conversations created, skipped as already there, refused (a file refused whole counts as one). */
  created: number;
  duplicates: number;
  refused: number;
  /** Why the file, or the first of its conversations refused, was refused. */
  refusal: Refusal | null;
}

export type UploadChange = Partial<Omit<UploadItem, 'id' | 'name' | 'size'>>;

export const isFinished = (item: UploadItem) => item.status === 'done' || item.status === 'refused';

/** The list with one file's change applied. */
export const withChange = (items: readonly UploadItem[], id: string, change: UploadChange): UploadItem[] =>
  items.map((item) => (item.id === id ? { ...item, ...change } : item));

/** The list without the files whose upload has ended. */
export const withoutFinished = (items: readonly UploadItem[]): UploadItem[] =>
  items.filter((item) => !isFinished(item));

export const newUploadItem = (id: string, file: File): UploadItem => ({
  id,
  name: file.name,
  size: file.size,
  status: 'waiting',
  progress: 0,
  created: 0,
  duplicates: 0,
  refused: 0,
  refusal: null,
});

export function batchTotals(items: readonly UploadItem[]) {
  return items.reduce(
    (totals, item) => ({
      created: totals.created + item.created,
      duplicates: totals.duplicates + item.duplicates,
      refused: totals.refused + item.refused,
    }),
    { created: 0, duplicates: 0, refused: 0 },
  );
}
