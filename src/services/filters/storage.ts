// Filters persisted in localStorage (spec §4): the home filters always; campaign filters per campaign, removed
// when none is set. Anything unreadable in storage counts as absent.
import type { ConversationFilters } from '../../../contract/conversations';
import type { HomeFilters } from '../../../contract/filters';
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

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What `homeFiltersSchema` accepts, checked by hand: the home filters are read as the session starts, on the first
 * route, which zod is kept off (decision 0196). tests/unit/filters.test.ts holds the two to the same answers.
 */
export function isHomeFilters(value: unknown): value is HomeFilters {
  if (!isRecord(value) || !isRecord(value.timeRange) || !isRecord(value.metadata)) return false;
  const { start, end } = value.timeRange;
  return (
    Number.isSafeInteger(start) &&
    Number.isSafeInteger(end) &&
    isStringArray(value.agents) &&
    isStringArray(value.campaigns) &&
    Object.values(value.metadata).every(isStringArray)
  );
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
      const stored = readJson(storage, homeKey);
      return isHomeFilters(stored)
        ? {
            timeRange: { start: stored.timeRange.start, end: stored.timeRange.end },
            agents: stored.agents,
            campaigns: stored.campaigns,
            metadata: stored.metadata,
          }
        : defaultHomeFilters();
    },
    writeHome(filters: HomeFilters): void {
      storage.setItem(homeKey, JSON.stringify(filters));
    },
    /**
     * The saved filters of a campaign (its spec §3 filters and its conversation list's), or none set. Their schema
     * (and zod) loads only when some are saved: a campaign without saved filters, the most common, validates
     * nothing (decision 0203).
     */
    async readCampaign(campaignId: string): Promise<ConversationFilters> {
      const stored = readJson(storage, campaignKey(campaignId));
      if (stored === null) return {};
      const { conversationFiltersSchema } = await import('../../../contract/conversations');
      const parsed = conversationFiltersSchema.safeParse(stored);
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
