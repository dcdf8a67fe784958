// The messages the main thread and the PGlite worker thread exchange, and how a database error crosses between them.
import { messages } from '@electric-sql/pglite';
import type { StartupPhases } from '../startup-phases';

export type RowMode = 'array' | 'object';

export type Request =
  | { kind: 'query'; sql: string; params: unknown[]; rowMode: RowMode; transactionId?: number }
  | { kind: 'begin'; transactionId: number }
  | { kind: 'end'; transactionId: number; commit: boolean }
  | { kind: 'listen'; channel: string; subscriptionId: number }
  | { kind: 'unlisten'; subscriptionId: number }
  | { kind: 'close' };

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export type WorkerMessage =
  | { kind: 'ready'; openedIn: StartupPhases }
  | { kind: 'reply'; id: number; result?: QueryResult }
  | { kind: 'failure'; id: number; error: SerialisedError }
  | { kind: 'notification'; subscriptionId: number; payload: string };

/** Structured cloning keeps only an error's message: PostgreSQL's fields (code, constraint…) are copied apart. */
export interface SerialisedError {
  message: string;
  fields: Record<string, string | number>;
}

export function serialiseError(error: unknown): SerialisedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: error.message, fields };
}

/** A PGlite `DatabaseError` again, as the in-process driver throws it, with this thread's stack. */
export function deserialiseError({ message, fields }: SerialisedError): Error {
  const error = 'code' in fields ? new messages.DatabaseError(message, 0, 'error') : new Error(message);
  return Object.assign(error, fields);
}
