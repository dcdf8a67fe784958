// The translation route's SQL: the conversation with what its access check needs, and the cached translations.
import { and, eq } from 'drizzle-orm';
import type { Translation } from '../../../contract/conversations';
import type { Language } from '../../../contract/enums';
import type { Database } from '../../db/client';
import { campaignMembers, campaigns, conversationTranslations, conversations } from '../../db/schema';

/** The conversation, its campaign's organisation and whether `userId` is a member of that campaign; null if none. */
export async function findConversationToTranslate(db: Database, id: string, userId: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      agentId: conversations.agentId,
      organisationId: campaigns.organisationId,
      language: conversations.language,
      turns: conversations.turns,
      redactForProviders: campaigns.redactForProviders,
      memberId: campaignMembers.userId,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .leftJoin(
      campaignMembers,
      and(eq(campaignMembers.campaignId, conversations.campaignId), eq(campaignMembers.userId, userId)),
    )
    .where(eq(conversations.id, id));
  if (!row) return null;
  const { memberId, ...conversation } = row;
  return { ...conversation, isCampaignMember: memberId !== null };
}

export async function findCachedTranslation(db: Database, conversationId: string, targetLanguage: Language) {
  const [row] = await db
    .select()
    .from(conversationTranslations)
    .where(
      and(
        eq(conversationTranslations.conversationId, conversationId),
        eq(conversationTranslations.targetLanguage, targetLanguage),
      ),
    );
  return row ?? null;
}

/** Stores the translation in place of any older one of the conversation into the same language. */
export async function saveTranslation(
  db: Database,
  conversationId: string,
  sourceHash: string,
  translation: Translation,
): Promise<void> {
  const values = {
    sourceHash,
    engine: translation.engine,
    gist: translation.gist,
    turns: translation.turns,
  };
  await db
    .insert(conversationTranslations)
    .values({ conversationId, targetLanguage: translation.target_language, ...values })
    .onConflictDoUpdate({
      target: [conversationTranslations.conversationId, conversationTranslations.targetLanguage],
      set: values,
    });
}
