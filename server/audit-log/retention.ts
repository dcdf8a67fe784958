// The audit log's retention pass: each organisation's entries older than its retention are deleted, and the
// purge is logged in the same transaction with where the kept chain now starts, so the chain still verifies
// (decision 0226). The chain's lock per organisation keeps two instances from purging or appending at once.
import type { Database } from '../db/client';
import { systemSource } from './source';
import { appendAuditEntry, organisationRetentions, purgeAuditEntries } from './store';

const dayMs = 24 * 60 * 60 * 1000;

/** Runs the pass over every organisation; resolves to the entries purged per organisation that had any. */
export async function runAuditRetentionPass(db: Database, now = new Date()): Promise<Map<string, number>> {
  const purged = new Map<string, number>();
  for (const { id, retentionDays } of await organisationRetentions(db)) {
    const before = new Date(now.getTime() - retentionDays * dayMs);
    await db.transaction(async (tx) => {
      const purge = await purgeAuditEntries(tx, id, before);
      if (!purge) return;
      await appendAuditEntry(tx, systemSource, {
        organisationId: id,
        action: 'audit_log.purged',
        target: { type: 'organisation', id },
        details: {
          count: purge.count,
          before: before.toISOString(),
          retention_days: retentionDays,
          first_kept_sequence: purge.firstKeptSequence,
          first_kept_previous_hash: purge.firstKeptPreviousHash,
        },
      });
      purged.set(id, purge.count);
    });
  }
  return purged;
}
