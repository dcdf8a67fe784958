// The audit log's SQL: append an entry to its organisation's chain (under a transaction advisory lock per
// organisation, so concurrent appends from any instance queue up instead of forking it), read pages and export
// batches by filters, read the chain in order for verification, and the retention purge. Nothing else updates or
// deletes a row.
import { and, asc, desc, eq, gte, lt, lte, max, min, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditActorType, AuditDetails, AuditTargetType } from '../../contract/audit-log';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { holdTransactionLock } from '../db/locks-store';
import { auditLog, organisations } from '../db/schema';
import { NotFound } from '../errors';
import { chainStart, entryHash } from './chain';
import type { StoredEntry } from './verify';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditActor {
  type: AuditActorType;
  id: string | null;
  name: string | null;
}

/** Who acted and from where: the request's side of an entry. */
export interface AuditSource {
  actor: AuditActor;
  ip: string | null;
  userAgent: string | null;
  /** The user an admin acted as (impersonation): written in the details as `acting_as`. */
  actingAs?: { id: string; name: string } | null;
}

export interface AuditEvent {
  organisationId: string;
  action: AuditAction;
  target?: { type: AuditTargetType; id: string } | null;
  details?: AuditDetails;
}

const chainLock = (organisationId: string) => `audit_log:${organisationId}`;

/** Longest user agent kept: enough to tell browsers and clients apart. */
const userAgentLength = 512;

/**
 * Appends one entry. `tx` must be a transaction (the action's own, so the entry lands with it or not at all): the
 * lock it takes on the organisation's chain is held until that transaction ends.
 */
export async function appendAuditEntry(
  tx: Database,
  source: AuditSource,
  event: AuditEvent,
): Promise<AuditRow> {
  await holdTransactionLock(tx, chainLock(event.organisationId));
  const [last] = await tx
    .select({ sequence: auditLog.sequence, hash: auditLog.hash })
    .from(auditLog)
    .where(eq(auditLog.organisationId, event.organisationId))
    .orderBy(desc(auditLog.sequence))
    .limit(1);
  const previousHash = last?.hash ?? chainStart;
  const entry = {
    id: newId(),
    organisationId: event.organisationId,
    sequence: (last?.sequence ?? 0) + 1,
    actorType: source.actor.type,
    actorId: source.actor.id,
    actorName: source.actor.name,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    ip: source.ip,
    userAgent: source.userAgent?.slice(0, userAgentLength) ?? null,
    // Milliseconds, as the column keeps them, so the hash computed now is the one a reader recomputes.
    at: new Date(),
    details: JSON.parse(
      JSON.stringify({ ...event.details, ...(source.actingAs ? { acting_as: source.actingAs } : {}) }),
    ) as AuditDetails,
  };
  const [row] = await tx
    .insert(auditLog)
    .values({ ...entry, previousHash, hash: entryHash(previousHash, entry) })
    .returning();
  if (!row) throw new Error('The audit entry was not written');
  return row;
}

/** `appendAuditEntry` in a transaction of its own, for actions that have none (a failed sign-in, an export). */
export function recordAuditEntry(db: Database, source: AuditSource, event: AuditEvent): Promise<AuditRow> {
  return db.transaction((tx) => appendAuditEntry(tx, source, event));
}

export interface AuditFilter {
  organisationId: string;
  actorType?: AuditActorType | undefined;
  actorId?: string | undefined;
  action?: AuditAction | undefined;
  targetType?: AuditTargetType | undefined;
  targetId?: string | undefined;
  /** Unix seconds, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
}

function auditWhere(filter: AuditFilter): SQL | undefined {
  return and(
    eq(auditLog.organisationId, filter.organisationId),
    filter.actorType ? eq(auditLog.actorType, filter.actorType) : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.from === undefined ? undefined : gte(auditLog.at, new Date(filter.from * 1000)),
    // The whole last second: `to` is inclusive.
    filter.to === undefined ? undefined : lt(auditLog.at, new Date((filter.to + 1) * 1000)),
  );
}

/** A page, newest first (ids are UUID v7, so by id is by time); one row more than asked says another page exists. */
export async function listAuditEntries(
  db: Database,
  filter: AuditFilter,
  { startAfter, limit }: { startAfter?: string | undefined; limit: number },
): Promise<{ rows: AuditRow[]; nextStartAfter: string | null }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(auditWhere(filter), startAfter ? lt(auditLog.id, startAfter) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, nextStartAfter: more ? (page.at(-1)?.id ?? null) : null };
}

export const auditExportBatchSize = 2000;

/** The filtered entries oldest first, a keyset batch per query (no transaction held for a download's length). */
export async function* auditEntryBatches(db: Database, filter: AuditFilter): AsyncGenerator<AuditRow[]> {
  let after: string | null = null;
  for (;;) {
    const batch: AuditRow[] = await db
      .select()
      .from(auditLog)
      .where(and(auditWhere(filter), after ? sql`${auditLog.id} > ${after}::uuid` : undefined))
      .orderBy(asc(auditLog.id))
      .limit(auditExportBatchSize);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < auditExportBatchSize) return;
    after = last.id;
  }
}

/** The organisation's whole chain in sequence order, a batch per query, for verification. */
export async function* chainBatches(db: Database, organisationId: string): AsyncGenerator<StoredEntry[]> {
  let after = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisationId), sql`${auditLog.sequence} > ${after}`))
      .orderBy(asc(auditLog.sequence))
      .limit(auditExportBatchSize);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < auditExportBatchSize) return;
    after = last.sequence;
  }
}

/** The organisation whose log a request reads (its name names the export); 404 when there is none. */
export async function findLoggedOrganisation(
  db: Database,
  id: string,
): Promise<{ id: string; name: string }> {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, id));
  if (!row) throw new NotFound('Organisation');
  return row;
}

/** Every organisation with its retention, for the retention pass. */
export function organisationRetentions(db: Database): Promise<{ id: string; retentionDays: number }[]> {
  return db
    .select({ id: organisations.id, retentionDays: organisations.auditRetentionDays })
    .from(organisations);
}

export interface Purge {
  count: number;
  /** Where the kept chain starts, and the hash that start follows (the last purged entry's). */
  firstKeptSequence: number;
  firstKeptPreviousHash: string;
}

/**
 * Deletes the organisation's entries older than `before`, in the transaction `tx` that logs the purge, under the
 * chain's lock; null when there were none. The entry that records it names where the kept chain now starts.
 */
export async function purgeAuditEntries(
  tx: Database,
  organisationId: string,
  before: Date,
): Promise<Purge | null> {
  await holdTransactionLock(tx, chainLock(organisationId));
  const [old] = await tx
    .select({ last: max(auditLog.sequence) })
    .from(auditLog)
    .where(and(eq(auditLog.organisationId, organisationId), lt(auditLog.at, before)));
  if (old?.last === null || old?.last === undefined) return null;
  const lastPurged = old.last;
  const [boundary] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.sequence, lastPurged)));
  // Entries are appended in time order, so everything up to the newest old one goes: the chain stays whole.
  const deleted = await tx
    .delete(auditLog)
    .where(and(eq(auditLog.organisationId, organisationId), lte(auditLog.sequence, lastPurged)))
    .returning({ id: auditLog.id });
  const [kept] = await tx
    .select({ first: min(auditLog.sequence) })
    .from(auditLog)
    .where(eq(auditLog.organisationId, organisationId));
  return {
    count: deleted.length,
    // Nothing kept: the purge's own entry, next in the chain, is where it starts.
    firstKeptSequence: kept?.first ?? lastPurged + 1,
    firstKeptPreviousHash: boundary?.hash ?? chainStart,
  };
}
