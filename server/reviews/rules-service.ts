// Writing a campaign's review rules: the rules it names must be its own, and its reviewers people who may review in
// the campaign.
import type { ReviewRule, ReviewRulesInput } from '../../contract/reviews';
import type { Database } from '../db/client';
import { InvalidFields } from '../errors';
import { cannotReview } from './campaign-access';
import { toReviewRule } from './present';
import { reviewersAmong } from './reviewers-store';
import { findCampaignRuleIds, listReviewRules, replaceReviewRules } from './rules-store';

/** Replaces the campaign's rules with `rules`; 400 naming each unknown rule and each reviewer who may not review. */
export async function writeReviewRules(
  db: Database,
  campaign: { id: string; organisationId: string },
  rules: ReviewRulesInput,
): Promise<ReviewRule[]> {
  const ruleIds = rules.flatMap((rule) => (rule.id ? [rule.id] : []));
  const [ownRuleIds, reviewers] = await Promise.all([
    findCampaignRuleIds(db, campaign.id, ruleIds),
    reviewersAmong(db, campaign, [...new Set(rules.flatMap((rule) => rule.reviewers))]),
  ]);
  const errors = rules.flatMap((rule, index) => [
    ...(rule.id && !ownRuleIds.has(rule.id)
      ? [{ path: `${index}.id`, message: 'No such rule in this campaign' }]
      : []),
    ...rule.reviewers.flatMap((userId, position) =>
      reviewers.has(userId) ? [] : [{ path: `${index}.reviewers.${position}`, message: cannotReview }],
    ),
  ]);
  if (errors.length > 0) throw new InvalidFields('Some review rules cannot be saved', errors);
  await replaceReviewRules(db, campaign.id, rules);
  return (await listReviewRules(db, campaign.id)).map(toReviewRule);
}
