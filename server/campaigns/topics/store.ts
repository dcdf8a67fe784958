// A campaign's topics' SQL: reading them from the campaign's settings, replacing them there, and the conversations
// whose analysis they feed.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { campaignSettingsSchema, type TopicDefinition } from '../../../contract/campaigns';
import type { Database } from '../../db/client';
import { campaigns, conversations } from '../../db/schema';

/** The topics held in a campaign's settings; none when the settings hold no valid list. */
export function topicsInSettings(settings: Record<string, unknown>): TopicDefinition[] {
  return campaignSettingsSchema.safeParse(settings).data?.topics ?? [];
}

/** Replaces the campaign's topics, keeping its other settings as they are. */
export async function setCampaignTopics(db: Database, campaignId: string, topics: TopicDefinition[]) {
  await db
    .update(campaigns)
    .set({
      settings: sql`${campaigns.settings} || jsonb_build_object('topics', ${JSON.stringify(topics)}::jsonb)`,
    })
    .where(eq(campaigns.id, campaignId));
}

/**
 * The campaign's conversations that have been analysed or are waiting for it: those whose topics follow the
 * campaign's. A call still transcribing is analysed once its transcript is in; a failed one has nothing to analyse.
 */
export async function listAnalysedConversationIds(db: Database, campaignId: string): Promise<string[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(eq(conversations.campaignId, campaignId), inArray(conversations.status, ['ready', 'analysing'])),
    );
  return rows.map((row) => row.id);
}
