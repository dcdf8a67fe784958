// The usage export's SQL: an organisation's events of a period, oldest first, read in keyset batches so that a
// million rows never sit in memory at once, each with its campaign's name.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaigns, usageEvents } from '../db/schema';
import { usageWhere, type UsageFilter } from './report-store';

export const usageExportBatchSize = 2000;

function selectEvents(db: Database) {
  return db
    .select({
      id: usageEvents.id,
      createdAt: usageEvents.createdAt,
      /** The time to the microsecond (a Date keeps milliseconds), where the next batch starts. */
      cursorAt: sql<string>`${usageEvents.createdAt}::text`,
      test: usageEvents.test,
      campaignId: usageEvents.campaignId,
      campaignName: campaigns.name,
      conversationId: usageEvents.conversationId,
      kind: usageEvents.kind,
      feature: usageEvents.feature,
      engine: usageEvents.engine,
      model: usageEvents.model,
      quantity: usageEvents.quantity,
      unit: usageEvents.unit,
      tokensIn: usageEvents.tokensIn,
      tokensOut: usageEvents.tokensOut,
    })
    .from(usageEvents)
    .leftJoin(campaigns, eq(campaigns.id, usageEvents.campaignId));
}

export type UsageEventRow = Awaited<ReturnType<typeof selectEvents>>[number];

/**
 * The events a batch at a time, by time then id. Each batch is its own query (no transaction is held open for the
 * length of a download, which on PGlite would stall every other request).
 */
export async function* usageEventBatches(db: Database, filter: UsageFilter): AsyncGenerator<UsageEventRow[]> {
  let after: { cursorAt: string; id: string } | null = null;
  for (;;) {
    const batch: UsageEventRow[] = await selectEvents(db)
      .where(
        and(
          usageWhere(filter),
          after
            ? sql`(${usageEvents.createdAt}, ${usageEvents.id}) > (${after.cursorAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(usageEvents.createdAt), asc(usageEvents.id))
      .limit(usageExportBatchSize);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < usageExportBatchSize) return;
    after = { cursorAt: last.cursorAt, id: last.id };
  }
}
