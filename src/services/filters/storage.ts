// Filters persisted in localStorage (spec §4): the home filters always; campaign filters per campaign, removed
// when none is set. Anything unreadable in storage counts as absent.
import { conversationFiltersSchema, type ConversationFilters } from '../../../contract/conversations';
import { homeFiltersSchema, type HomeFilters } from '../../../contract/filters';
import { compactFilters, hasFilters } from './conversation-filters';
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
    /** The saved filters of a campaign (its spec §3 filters and its conversation list's), or none set. */
    readCampaign(campaignId: string): ConversationFilters {
      const parsed = conversationFiltersSchema.safeParse(readJson(storage, campaignKey(campaignId)));
      return parsed.success ? parsed.data : {};
    },
    writeCampaign(campaignId: string, filters: ConversationFilters): void {
      if (hasFilters(filters))
        storage.setItem(campaignKey(campaignId), JSON.stringify(compactFilters(filters)));
      else storage.removeItem(campaignKey(campaignId));
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
