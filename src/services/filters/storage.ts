// Filters persisted in localStorage (spec §4): the home filters always; campaign filters per campaign, removed
// when none is set. Anything unreadable in storage counts as absent.
import {
  campaignFiltersSchema,
  homeFiltersSchema,
  isEmptyCampaignFilters,
  type CampaignFilters,
  type HomeFilters,
} from '../../../contract/filters';
import { defaultTimeRange } from './time-range';

const homeKey = 'qm.filters.home';
const campaignKeyPrefix = 'qm.filters.campaign.';
const campaignKey = (campaignId: string) => `${campaignKeyPrefix}${campaignId}`;

function readJson(storage: Storage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

export const defaultHomeFilters = (): HomeFilters => ({
  timeRange: defaultTimeRange(),
  agents: [],
  campaigns: [],
  metadata: {},
});

export function createFilterStorage(storage: Storage) {
  return {
    readHome(): HomeFilters {
      const parsed = homeFiltersSchema.safeParse(readJson(storage, homeKey));
      return parsed.success ? parsed.data : defaultHomeFilters();
    },
    writeHome(filters: HomeFilters): void {
      storage.setItem(homeKey, JSON.stringify(filters));
    },
    /** The saved filters of a campaign, or none set. */
    readCampaign(campaignId: string): Partial<CampaignFilters> {
      const parsed = campaignFiltersSchema.partial().safeParse(readJson(storage, campaignKey(campaignId)));
      return parsed.success ? parsed.data : {};
    },
    writeCampaign(campaignId: string, filters: Partial<CampaignFilters>): void {
      if (isEmptyCampaignFilters(filters)) storage.removeItem(campaignKey(campaignId));
      else storage.setItem(campaignKey(campaignId), JSON.stringify(filters));
    },
    removeAll(): void {
      const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
      for (const key of keys) {
        if (key === homeKey || key?.startsWith(campaignKeyPrefix)) storage.removeItem(key);
      }
    },
  };
}

export type FilterStorage = ReturnType<typeof createFilterStorage>;
