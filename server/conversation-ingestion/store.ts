// Ingestion's SQL: the named agent, and storing a new conversation with its usage, or finding the one already
// stored under the same external id (which counts no usage again). The service runs it in the transaction that
// also hands the new conversations to the pipeline.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { conversations, users } from '../db/schema';
import { ingestionUsage } from '../usage/conversation-usage';
import { recordConversationUsage } from '../usage/store';
import type { ConversationRow } from '../conversations/present';
import { findConversationRows } from '../conversations/store';

/** The user with this id as the agent rule reads them; undefined when there is none. */
export async function findAgentCandidate(db: Database, id: string) {
  const [row] = await db
    .select({
      name: users.name,
      role: users.role,
      organisationId: users.organisationId,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** The users with these ids as the agent rule reads them, by id; ids of no user are absent. */
export async function findAgentCandidates(db: Database, ids: readonly string[]) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      organisationId: users.organisationId,
      status: users.status,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export type NewConversationRow = Omit<typeof conversations.$inferInsert, 'id' | 'createdAt'>;

/** How a conversation came, as its ingestion's usage says: uploaded audio, or posted text. */
const sourceOf = (values: NewConversationRow): 'audio' | 'text' => (values.audioKey ? 'audio' : 'text');

/** The campaign's conversation stored under `externalId`, with its agent's and campaign's names, if any. */
export async function findByExternalId(
  db: Database,
  campaignId: string,
  externalId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await findConversationRows(
    db,
    and(eq(conversations.campaignId, campaignId), eq(conversations.externalId, externalId)),
  );
  return row;
}

/**
 * Stores the conversation with its usage, in `tx`. When the campaign already holds a conversation with the same
 * external id (even one stored a moment ago by a concurrent request: the unique index decides), nothing is
 * stored and the existing one comes back with `created: false`. `names` are the agent's and campaign's, which
 * the caller has just read: the new row is answered without reading them again.
 */
export async function insertConversation(
  tx: Database,
  values: NewConversationRow,
  names: Pick<ConversationRow, 'agentName' | 'campaignName'>,
): Promise<{ created: boolean; row: ConversationRow }> {
  const [inserted] = await tx
    .insert(conversations)
    .values({ ...values, id: newId() })
    .onConflictDoNothing({
      target: [conversations.campaignId, conversations.externalId],
      where: sql`${conversations.externalId} is not null`,
    })
    .returning();
  if (inserted) {
    await recordConversationUsage(tx, [inserted.id], () => ingestionUsage(sourceOf(values)));
    return { created: true, row: { ...inserted, ...names, evaluation: null } };
  }
  const existing = values.externalId && (await findByExternalId(tx, values.campaignId, values.externalId));
  if (!existing) throw new Error('The conversation was neither stored nor found');
  return { created: false, row: existing };
}

/** What became of one conversation of a batch: its id, the existing one's for a duplicate. */
export interface StoredOutcome {
  id: string;
  externalId: string | null;
  created: boolean;
}

/**
 * Stores the conversations of one campaign with their usage in `tx`, a statement for all the rows. A
 * conversation whose external id the campaign already holds, or an earlier one of the batch holds, is not
 * stored: its outcome names the conversation that has it.
 */
export async function insertConversations(
  tx: Database,
  campaignId: string,
  values: readonly Omit<NewConversationRow, 'campaignId'>[],
): Promise<StoredOutcome[]> {
  const rows = values.map((row) => ({ ...row, campaignId, id: newId() }));
  const inserted = await tx
    .insert(conversations)
    .values(rows)
    .onConflictDoNothing({
      target: [conversations.campaignId, conversations.externalId],
      where: sql`${conversations.externalId} is not null`,
    })
    .returning({ id: conversations.id });
  const createdIds = new Set(inserted.map(({ id }) => id));
  const skippedExternalIds = rows
    .filter((row) => !createdIds.has(row.id))
    .map((row) => row.externalId as string);
  const existing =
    skippedExternalIds.length === 0
      ? []
      : await tx
          .select({ id: conversations.id, externalId: conversations.externalId })
          .from(conversations)
          .where(
            and(
              eq(conversations.campaignId, campaignId),
              inArray(conversations.externalId, skippedExternalIds),
            ),
          );
  const existingIds = new Map(existing.map((row) => [row.externalId, row.id]));
  const sources = new Map(rows.map((row) => [row.id, sourceOf(row)]));
  await recordConversationUsage(tx, [...createdIds], (id) => ingestionUsage(sources.get(id) ?? 'text'));
  return rows.map((row): StoredOutcome => {
    if (createdIds.has(row.id)) return { id: row.id, externalId: row.externalId ?? null, created: true };
    const id = existingIds.get(row.externalId ?? null);
    if (!id) throw new Error('A conversation of the batch was neither stored nor found');
    return { id, externalId: row.externalId ?? null, created: false };
  });
}
