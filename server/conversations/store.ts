// One conversation's SQL: reading it as the API answers it or with what its access check needs, changing its agent, metadata and
// transcript, and deleting it.
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StatusReason, Turn } from '../../contract/conversations';
import type { Database } from '../db/client';
import { campaignMembers, campaigns, conversations, evaluations, users } from '../db/schema';
import type { CampaignMembership } from '../domain/access/campaigns';
import { NotFound } from '../errors';
import type { ConversationRow } from './present';

/** A conversation with its agent's and campaign's names, its organisation and the viewer's membership. */
export type FoundConversation = ConversationRow & {
  organisationId: string;
  membership: CampaignMembership;
};

// The parsed search words stay in the database: nothing outside SQL reads them.
const { searchVector: _searchVector, ...conversationColumns } = getTableColumns(conversations);
const agent = alias(users, 'agent');
const mine = alias(campaignMembers, 'mine');

/** The conversations `where` selects, each with its agent's and campaign's names and its evaluation. */
export async function findConversationRows(db: Database, where: SQL | undefined): Promise<ConversationRow[]> {
  const rows = await db
    .select({
      conversation: conversationColumns,
      agentName: agent.name,
      campaignName: campaigns.name,
      evaluation: evaluations,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .leftJoin(agent, eq(agent.id, conversations.agentId))
    .leftJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .where(where);
  return rows.map(({ conversation, ...names }) => ({ ...conversation, ...names }));
}

/** The conversation as `viewerId` may see it; 404 when there is none with this id. */
export async function findConversation(
  db: Database,
  id: string,
  viewerId: string,
): Promise<FoundConversation> {
  const [row] = await db
    .select({
      conversation: conversationColumns,
      agentName: agent.name,
      campaignName: campaigns.name,
      organisationId: campaigns.organisationId,
      myRole: mine.role,
      myPolicy: mine.policy,
      evaluation: evaluations,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .leftJoin(agent, eq(agent.id, conversations.agentId))
    .leftJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .leftJoin(mine, and(eq(mine.campaignId, conversations.campaignId), eq(mine.userId, viewerId)))
    .where(eq(conversations.id, id));
  if (!row) throw new NotFound('Conversation');
  const { conversation, myRole, myPolicy, ...rest } = row;
  return {
    ...conversation,
    ...rest,
    membership: myRole ? { role: myRole, policy: myPolicy ?? {} } : null,
  };
}

/** The user who may become a conversation's agent, as the rule on agents needs them; undefined when unknown. */
export async function findAgentCandidate(db: Database, userId: string) {
  const [row] = await db
    .select({ role: users.role, organisationId: users.organisationId })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function updateConversation(
  db: Database,
  id: string,
  changes: { agentId?: string; metadata?: Record<string, string> },
) {
  await db.update(conversations).set(changes).where(eq(conversations.id, id));
}

/** Deletes the conversation (its jobs, notifications and discussion go with it); resolves to its audio key. */
export async function deleteConversation(db: Database, id: string): Promise<string | null> {
  const [deleted] = await db
    .delete(conversations)
    .where(eq(conversations.id, id))
    .returning({ audioKey: conversations.audioKey });
  return deleted?.audioKey ?? null;
}

/**
 * Holds the call's transcript until the transaction ends, so that two saves run one after the other and the
 * second sees the version the first wrote; 404 when the conversation is gone.
 */
export async function lockTranscript(db: Database, id: string) {
  const [row] = await db
    .select({
      turns: conversations.turns,
      transcriptVersion: conversations.transcriptVersion,
      status: conversations.status,
      redactAtIngestion: campaigns.redactAtIngestion,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .where(eq(conversations.id, id))
    .for('update', { of: conversations });
  if (!row) throw new NotFound('Conversation');
  return row;
}

/** Writes the edited turns and their search text, raises the version and marks the call for a new analysis. */
export async function writeTranscript(db: Database, id: string, turns: Turn[], searchText: string) {
  await db
    .update(conversations)
    .set({
      turns,
      searchText,
      transcriptVersion: sql`${conversations.transcriptVersion} + 1`,
      status: 'analysing',
      statusReason: null,
      statusDetail: null,
    })
    .where(eq(conversations.id, id));
}

/** The conversation's work has ended in failure: its status says so, with the reason and its detail. */
export async function markConversationFailed(
  db: Database,
  conversationId: string,
  { reason, detail }: { reason: StatusReason; detail: string },
) {
  await db
    .update(conversations)
    .set({ status: 'failed', statusReason: reason, statusDetail: detail })
    .where(eq(conversations.id, conversationId));
}
