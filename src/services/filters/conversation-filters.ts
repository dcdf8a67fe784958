// The conversation list's filters as they are kept and sent: only what is set (an empty list, bound or search is
// not a filter), so that storage holds nothing for a campaign without filters (spec §4) and the `filters` query
// parameter is as short as it can be.
import type { ConversationFilters } from '../../../contract/conversations';

const hasItems = (list: readonly unknown[] | undefined) => list !== undefined && list.length > 0;

/** The filters without their unset fields. */
export function compactFilters(filters: ConversationFilters): ConversationFilters {
  const compact: ConversationFilters = {};
  for (const key of [
    'topics',
    'evalItems',
    'validators',
    'types',
    'agents',
    'sentiments',
    'languages',
    'statuses',
    'ids',
  ] as const) {
    if (hasItems(filters[key])) Object.assign(compact, { [key]: filters[key] });
  }
  const metadata = Object.entries(filters.conversationsMetadata ?? {}).filter(
    ([, values]) => values.length > 0,
  );
  if (metadata.length > 0) compact.conversationsMetadata = Object.fromEntries(metadata);
  const { min, max } = filters.score ?? {};
  if (min !== undefined || max !== undefined) compact.score = { ...filters.score };
  if (filters.duration?.min || filters.duration?.max) {
    compact.duration = {
      ...(filters.duration.min ? { min: filters.duration.min } : {}),
      ...(filters.duration.max ? { max: filters.duration.max } : {}),
    };
  }
  if (filters.validated !== undefined) compact.validated = filters.validated;
  if (filters.started_after !== undefined) compact.started_after = filters.started_after;
  if (filters.started_before !== undefined) compact.started_before = filters.started_before;
  const q = filters.q?.trim();
  if (q) compact.q = q;
  return compact;
}

/** How many filters are set, counting each metadata key and each duration bound once. */
export function countFilters(filters: ConversationFilters): number {
  const compact = compactFilters(filters);
  const { conversationsMetadata = {}, duration = {}, started_after, started_before, ...rest } = compact;
  return (
    Object.keys(rest).length +
    Object.keys(conversationsMetadata).length +
    Object.keys(duration).length +
    (started_after !== undefined || started_before !== undefined ? 1 : 0)
  );
}

export const hasFilters = (filters: ConversationFilters): boolean => countFilters(filters) > 0;

/** The `filters` query parameter: the set filters as JSON, or nothing when none is set. */
export function filtersParam(filters: ConversationFilters): string | undefined {
  return hasFilters(filters) ? JSON.stringify(compactFilters(filters)) : undefined;
}
