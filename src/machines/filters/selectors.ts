// What views read from the filters actor.
import type { SnapshotFrom } from 'xstate';
import type { filtersMachine, SetCampaignFilters } from './machine';

type FiltersSnapshot = SnapshotFrom<typeof filtersMachine>;

/**
 * The filters of campaign `campaignId` once its saved ones are read; null before, and while the actor still
 * follows another campaign (the route observer tells it about a new page only after that page first renders).
 */
export const selectCampaignFilters =
  (campaignId: string) =>
  (snapshot: FiltersSnapshot): SetCampaignFilters | null =>
    snapshot.hasTag('campaignFiltersReady') && snapshot.context.campaignId === campaignId
      ? snapshot.context.campaign
      : null;

/**
 * The saved filters of campaign `campaignId` for a walk through its list, once read; null before, and while the
 * actor still holds those of another walk.
 */
export const selectWalkFilters =
  (campaignId: string) =>
  (snapshot: FiltersSnapshot): SetCampaignFilters | null =>
    snapshot.hasTag('walkFiltersReady') && snapshot.context.walkCampaignId === campaignId
      ? snapshot.context.walkFilters
      : null;
