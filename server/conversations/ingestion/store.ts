// Ingestion's SQL: the named agent, and storing a new conversation with its first job in one transaction, or
// finding the one already stored under the same external id.
import { and, eq, sql } from 'drizzle-orm';
import type { JobKind } from '../../../contract/conversations';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { campaigns, conversations, users } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import type { ConversationRow } from '../present';

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

export type NewConversationRow = Omit<typeof conversations.$inferInsert, 'id' | 'createdAt'>;

/** The campaign's conversation stored under `externalId`, with its agent's and campaign's names, if any. */
export async function findByExternalId(
  db: Database,
  campaignId: string,
  externalId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select({ conversation: conversations, agentName: users.name, campaignName: campaigns.name })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .leftJoin(users, eq(users.id, conversations.agentId))
    .where(and(eq(conversations.campaignId, campaignId), eq(conversations.externalId, externalId)));
  return row && { ...row.conversation, agentName: row.agentName, campaignName: row.campaignName };
}

/**
 * Stores the conversation and queues its first job, both or neither. When the campaign already holds a
 * conversation with the same external id (even one stored a moment ago by a concurrent request: the unique
 * index decides), nothing is stored and the existing one comes back with `created: false`. `names` are the
 * agent's and campaign's, which the caller has just read: the new row is answered without reading them again.
 */
export async function insertConversation(
  db: Database,
  values: NewConversationRow,
  firstJob: JobKind,
  names: Pick<ConversationRow, 'agentName' | 'campaignName'>,
): Promise<{ created: boolean; row: ConversationRow }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(conversations)
      .values({ ...values, id: newId() })
      .onConflictDoNothing({
        target: [conversations.campaignId, conversations.externalId],
        where: sql`${conversations.externalId} is not null`,
      })
      .returning();
    if (inserted) {
      await enqueueJob(tx, { kind: firstJob, conversationId: inserted.id });
      return { created: true, row: { ...inserted, ...names } };
    }
    const existing = values.externalId && (await findByExternalId(tx, values.campaignId, values.externalId));
    if (!existing) throw new Error('The conversation was neither stored nor found');
    return { created: false, row: existing };
  });
}
