// The audit log's hash chain (decision 0226): each entry's hash is SHA-256 over the previous entry's hash of its
// organisation and a canonical JSON of its own content, so changing, removing or reordering a row shows.
import { createHash } from 'node:crypto';
import type { AuditDetails } from '../../contract/audit-log';

/** The hash the first entry of an organisation follows. */
export const chainStart = '0'.repeat(64);

/** What an entry's hash covers: everything but its id's storage and the hash itself. */
export interface ChainedContent {
  id: string;
  organisationId: string;
  sequence: number;
  actorType: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  at: Date;
  details: AuditDetails;
}

/** JSON with object keys sorted at every depth: jsonb gives keys back in its own order, not the one written. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function entryHash(previousHash: string, entry: ChainedContent): string {
  const content = canonicalJson([
    entry.id,
    entry.organisationId,
    entry.sequence,
    entry.actorType,
    entry.actorId,
    entry.actorName,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.ip,
    entry.userAgent,
    entry.at.toISOString(),
    entry.details,
  ]);
  return createHash('sha256').update(`${previousHash}\n${content}`).digest('hex');
}
