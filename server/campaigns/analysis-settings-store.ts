// The SQL of the campaign settings the analysis reads: one key of a campaign's settings replaced, and the
// conversations whose results follow them.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaigns, conversations } from '../db/schema';
import type { AnalysisSettingKey } from './analysis-settings';

/** Replaces one key of the campaign's settings, keeping the others as they are. */
export async function setCampaignSetting(
  db: Database,
  campaignId: string,
  key: AnalysisSettingKey,
  value: unknown,
) {
  await db
    .update(campaigns)
    .set({
      settings: sql`${campaigns.settings} || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)`,
    })
    .where(eq(campaigns.id, campaignId));
}

/**
 * The campaign's conversations that have been analysed or are waiting for it: those whose results follow the
 * campaign's settings. A call still transcribing is analysed once its transcript is in; a failed one has nothing
 * to analyse.
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
