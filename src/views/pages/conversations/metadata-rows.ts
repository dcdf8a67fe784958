// A conversation's metadata as the edit form holds it, rows of key and value, and back, with the contract's
// limits said per row: a key is required once its value is set, unique, at most 100 characters; a value at
// most 1000; at most 50 keys.
import { metadataMaxKeys } from '../../../../contract/values/conversations';

export interface MetadataRow {
  key: string;
  value: string;
}

export interface RowErrors {
  key?: string;
  value?: string;
}

export type MetadataReading =
  { ok: true; metadata: Record<string, string> } | { ok: false; rows: RowErrors[]; tooMany: boolean };

const maxKeyLength = 100;
const maxValueLength = 1000;

/** The rows of the metadata, by key. */
export const metadataRows = (metadata: Record<string, string>): MetadataRow[] =>
  Object.entries(metadata)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({ key, value }));

const keyError = (key: string, value: string, seen: Set<string>): string | undefined => {
  if (!key) return value ? 'validation.required' : undefined;
  if (key.length > maxKeyLength) return 'validation.tooLong';
  if (seen.has(key)) return 'conversation.edit.duplicateKey';
  return undefined;
};

/** The metadata the rows give (blank rows left out, keys trimmed), or what is wrong with them. */
export function readMetadataRows(rows: readonly MetadataRow[]): MetadataReading {
  const seen = new Set<string>();
  const errors: RowErrors[] = [];
  const metadata: Record<string, string> = {};
  for (const row of rows) {
    const key = row.key.trim();
    const error: RowErrors = {};
    const wrongKey = keyError(key, row.value, seen);
    if (wrongKey) error.key = wrongKey;
    if (row.value.length > maxValueLength) error.value = 'validation.tooLong';
    errors.push(error);
    if (!key) continue;
    seen.add(key);
    metadata[key] = row.value;
  }
  const tooMany = seen.size > metadataMaxKeys;
  if (tooMany || errors.some((error) => error.key || error.value))
    return { ok: false, rows: errors, tooMany };
  return { ok: true, metadata };
}

/** Whether two metadata objects hold the same keys and values, whatever their order. */
export function sameMetadata(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}
