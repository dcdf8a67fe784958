// Walks an organisation's audit log in sequence order and says whether its hash chain holds, and where it breaks:
// a row whose content no longer gives its hash, a row that does not follow the previous one's hash, a gap in the
// sequence, or a first row that no purge entry accounts for (decision 0226).
import type { AuditLogVerification } from '../../contract/audit-log';
import { chainStart, entryHash, type ChainedContent } from './chain';

export interface StoredEntry extends ChainedContent {
  previousHash: string;
  hash: string;
}

/** What a purge entry's details record: where the kept chain starts and the hash it follows. */
export interface PurgeAnchor {
  first_kept_sequence: number;
  first_kept_previous_hash: string;
}

const isPurgeAnchor = (details: Record<string, unknown>): details is Record<string, unknown> & PurgeAnchor =>
  typeof details.first_kept_sequence === 'number' && typeof details.first_kept_previous_hash === 'string';

export async function verifyChain(batches: AsyncIterable<StoredEntry[]>): Promise<AuditLogVerification> {
  let checked = 0;
  let first: StoredEntry | null = null;
  let previous: StoredEntry | null = null;
  const anchors: PurgeAnchor[] = [];
  const broken = (entry: StoredEntry, reason: NonNullable<AuditLogVerification['broken_at']>['reason']) => ({
    valid: false,
    checked,
    first_sequence: first?.sequence ?? null,
    broken_at: { id: entry.id, sequence: entry.sequence, reason },
  });

  for await (const batch of batches) {
    for (const entry of batch) {
      first ??= entry;
      if (previous && entry.sequence !== previous.sequence + 1) return broken(entry, 'sequence_gap');
      if (previous && entry.previousHash !== previous.hash) return broken(entry, 'previous_hash_mismatch');
      if (!previous && entry.sequence === 1 && entry.previousHash !== chainStart) {
        return broken(entry, 'previous_hash_mismatch');
      }
      if (entryHash(entry.previousHash, entry) !== entry.hash) return broken(entry, 'content_changed');
      if (entry.action === 'audit_log.purged' && isPurgeAnchor(entry.details)) anchors.push(entry.details);
      checked += 1;
      previous = entry;
    }
  }
  // A log that starts after 1 was purged: a purge entry, itself checked above, must name where it now starts.
  if (
    first &&
    first.sequence !== 1 &&
    !anchors.some(
      (anchor) =>
        anchor.first_kept_sequence === first?.sequence &&
        anchor.first_kept_previous_hash === first.previousHash,
    )
  ) {
    return { ...broken(first, 'missing_start'), checked };
  }
  return { valid: true, checked, first_sequence: first?.sequence ?? null, broken_at: null };
}
