// Writing usage events. Callers write them in the transaction that commits the work they count (a job's
// completion), so an attempt that dies before it commits counts nothing and a run is never counted twice. An
// event about a conversation is marked `test` when that conversation is a test call, read in the same statement,
// so no caller can forget it.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { campaigns, conversations, usageEvents } from '../db/schema';
import { unitOfKind, type UsageFeature, type UsageKind } from './kinds';

export interface UsageEvent {
  organisationId: string;
  campaignId: string | null;
  conversationId: string | null;
  kind: UsageKind;
  feature: UsageFeature;
  engine: string;
  model: string | null;
  quantity: number;
  tokensIn?: number;
  tokensOut?: number;
}

/** Whether the conversation an event names is a test call; false for none (or one deleted meanwhile). */
const isTestConversation = (conversationId: string | null) =>
  conversationId === null
    ? false
    : sql<boolean>`coalesce((select ${conversations.isTest} from ${conversations} where ${conversations.id} = ${conversationId}), false)`;

export async function recordUsage(db: Database, events: readonly UsageEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(usageEvents).values(
    events.map((event) => ({
      id: newId(),
      unit: unitOfKind[event.kind],
      test: isTestConversation(event.conversationId),
      ...event,
    })),
  );
}

/** An event about one conversation, before it is given the conversation's organisation and campaign. */
export type ConversationUsage = Omit<UsageEvent, 'organisationId' | 'campaignId' | 'conversationId'>;

/**
 * Records `usage(conversation)` for each of these conversations, counted for their campaign's organisation;
 * conversations gone meanwhile count nothing.
 */
export async function recordConversationUsage(
  db: Database,
  conversationIds: readonly string[],
  usage: (conversationId: string) => readonly ConversationUsage[],
): Promise<void> {
  if (conversationIds.length === 0) return;
  const owners = await db
    .select({
      conversationId: conversations.id,
      campaignId: conversations.campaignId,
      organisationId: campaigns.organisationId,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .where(inArray(conversations.id, [...conversationIds]));
  await recordUsage(
    db,
    owners.flatMap((owner) => usage(owner.conversationId).map((event) => ({ ...owner, ...event }))),
  );
}
