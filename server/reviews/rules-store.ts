// A campaign's review rules and their reviewers, read and replaced as one set.
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { ReviewRuleInput } from '../../contract/reviews';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { reviewRuleReviewers, reviewRules } from '../db/schema';

export type ReviewRuleRow = typeof reviewRules.$inferSelect & { reviewers: string[] };

/** The campaign's rules in their order, each with its reviewers (by id). */
export async function listReviewRules(db: Database, campaignId: string): Promise<ReviewRuleRow[]> {
  const rules = await db
    .select()
    .from(reviewRules)
    .where(eq(reviewRules.campaignId, campaignId))
    .orderBy(asc(reviewRules.position));
  if (rules.length === 0) return [];
  const reviewers = await db
    .select()
    .from(reviewRuleReviewers)
    .where(
      inArray(
        reviewRuleReviewers.ruleId,
        rules.map((rule) => rule.id),
      ),
    )
    .orderBy(asc(reviewRuleReviewers.userId));
  return rules.map((rule) => ({
    ...rule,
    reviewers: reviewers.filter((reviewer) => reviewer.ruleId === rule.id).map((reviewer) => reviewer.userId),
  }));
}

/** The ids among `ruleIds` that are rules of the campaign. */
export async function findCampaignRuleIds(db: Database, campaignId: string, ruleIds: string[]) {
  if (ruleIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: reviewRules.id })
    .from(reviewRules)
    .where(and(eq(reviewRules.campaignId, campaignId), inArray(reviewRules.id, ruleIds)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Makes `rules` the campaign's whole set, in their order: the rules with an id (checked to be the campaign's) are
 * changed, the others added, and the campaign's rules left out deleted.
 */
export async function replaceReviewRules(db: Database, campaignId: string, rules: ReviewRuleInput[]) {
  await db.transaction(async (tx) => {
    const kept = rules.flatMap((rule) => (rule.id ? [rule.id] : []));
    await tx
      .delete(reviewRules)
      .where(
        and(
          eq(reviewRules.campaignId, campaignId),
          ...(kept.length > 0 ? [notInArray(reviewRules.id, kept)] : []),
        ),
      );
    for (const [position, { id, reviewers, ...fields }] of rules.entries()) {
      const values = {
        position,
        name: fields.name,
        enabled: fields.enabled,
        filters: fields.filters,
        quota: fields.quota,
        dueInDays: fields.due_in_days,
      };
      const ruleId = id ?? newId();
      if (id) {
        await tx
          .update(reviewRules)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(reviewRules.id, id));
        await tx.delete(reviewRuleReviewers).where(eq(reviewRuleReviewers.ruleId, id));
      } else {
        await tx.insert(reviewRules).values({ id: ruleId, campaignId, ...values });
      }
      await tx.insert(reviewRuleReviewers).values(reviewers.map((userId) => ({ ruleId, userId })));
    }
  });
}
