// Spec §3-§5 filters: duration units, what counts as set, the default time range, and storage rules.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { filtersParamSchema } from '../../contract/conversations';
import { durationFilterSeconds, durationToSeconds, homeFiltersSchema } from '../../contract/filters';
import { compactFilters, countFilters, filtersParam } from '../../src/services/filters/conversation-filters';
import { createFilterStorage, isHomeFilters } from '../../src/services/filters/storage';
import {
  customTimeRange,
  defaultTimeRange,
  isoDay,
  presetOf,
  presetTimeRange,
} from '../../src/services/filters/time-range';

/** The Web Storage interface over a Map, as localStorage behaves. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

describe('duration filter', () => {
  it('reads m as minutes, h as hours, anything else as seconds', () => {
    expect(durationToSeconds({ value: 2, unit: 'm' })).toBe(120);
    expect(durationToSeconds({ value: 1.5, unit: 'h' })).toBe(5400);
    expect(durationToSeconds({ value: 45, unit: 's' })).toBe(45);
    expect(durationToSeconds({ value: 45, unit: 'days' })).toBe(45);
  });

  it('drops empty bounds', () => {
    expect(durationFilterSeconds({ min: { value: 1, unit: 'm' }, max: null })).toEqual({ min: 60 });
    expect(durationFilterSeconds({})).toEqual({});
  });
});

describe('conversation list filters', () => {
  const unset = {
    topics: [],
    types: [],
    conversationsMetadata: { region: [] },
    score: {},
    duration: { min: null, max: null },
    q: '   ',
  };

  it('keep only what is set, the search trimmed', () => {
    expect(compactFilters(unset)).toEqual({});
    expect(
      compactFilters({
        ...unset,
        types: ['call'],
        conversationsMetadata: { region: [], tier: ['gold'] },
        duration: { min: { value: 2, unit: 'm' }, max: null },
        started_before: 0,
        validated: false,
        q: ' refund ',
      }),
    ).toEqual({
      types: ['call'],
      conversationsMetadata: { tier: ['gold'] },
      duration: { min: { value: 2, unit: 'm' } },
      validated: false,
      started_before: 0,
      q: 'refund',
    });
  });

  it('count each list, metadata key and duration bound once, and the period once', () => {
    expect(countFilters(unset)).toBe(0);
    expect(countFilters({ score: { min: 0 } })).toBe(1);
    expect(countFilters({ validators: ['u1'], evalItems: ['i1'] })).toBe(2);
    expect(countFilters({ validated: true, score: { min: 50, max: 80 } })).toBe(2);
    expect(
      countFilters({
        agents: ['a1', 'a2'],
        conversationsMetadata: { tier: ['gold'], channel: ['phone'] },
        duration: { min: { value: 1, unit: 'm' }, max: { value: 1, unit: 'h' } },
        started_after: 1,
        started_before: 2,
        q: 'x',
      }),
    ).toBe(7);
  });

  it('travel as one JSON parameter the contract parses, absent when none is set', () => {
    expect(filtersParam(unset)).toBeUndefined();
    const param = filtersParam({ sentiments: ['NEGATIVE'], languages: [], q: 'late delivery' });
    expect(param).toBe('{"sentiments":["NEGATIVE"],"q":"late delivery"}');
    expect(filtersParamSchema.parse(param)).toEqual({ sentiments: ['NEGATIVE'], q: 'late delivery' });
  });
});

describe('time ranges', () => {
  const now = DateTime.fromISO('2026-03-31T15:20:00').toJSDate();

  it('defaults to the last month, from the start of that day to the end of today', () => {
    const range = defaultTimeRange(now);
    expect(DateTime.fromSeconds(range.start).toISO()).toBe(DateTime.fromISO('2026-02-28T00:00:00').toISO());
    expect(DateTime.fromSeconds(range.end).toFormat('yyyy-MM-dd HH:mm:ss')).toBe('2026-03-31 23:59:59');
  });

  it('recognises presets and whole custom days', () => {
    expect(presetOf(presetTimeRange('last7Days', now), now)).toBe('last7Days');
    expect(presetOf(defaultTimeRange(now), now)).toBe('lastMonth');
    const custom = customTimeRange('2026-03-01', '2026-03-02');
    expect(custom && presetOf(custom, now)).toBe('custom');
    expect(custom && custom.end - custom.start).toBe(2 * 86400 - 1);
    expect(customTimeRange('2026-03-02', '2026-03-01')).toBeNull();
    expect(customTimeRange('not a day', '2026-03-01')).toBeNull();
    expect(customTimeRange('2026-02-30', '2026-03-01')).toBeNull();
  });

  it('clamps months to the shorter month and reads days back as they were written', () => {
    const range = presetTimeRange('last3Months', DateTime.fromISO('2026-05-31T08:00:00').toJSDate());
    expect(isoDay(range.start)).toBe('2026-02-28');
    expect(isoDay(range.end)).toBe('2026-05-31');
    const custom = customTimeRange('2026-03-28', '2026-03-30');
    expect(custom && [isoDay(custom.start), isoDay(custom.end)]).toEqual(['2026-03-28', '2026-03-30']);
  });
});

describe('filter storage', () => {
  it('always keeps the home filters, and answers defaults for missing or corrupt data', () => {
    const local = new MemoryStorage();
    const storage = createFilterStorage(local);
    expect(storage.readHome().agents).toEqual([]);
    const home = {
      timeRange: { start: 1, end: 2 },
      agents: ['a'],
      campaigns: [],
      metadata: { region: ['North'] },
    };
    storage.writeHome(home);
    expect(createFilterStorage(local).readHome()).toEqual(home);
    local.setItem('qm.filters.home', '{not json');
    expect(storage.readHome().timeRange).toEqual(defaultTimeRange());
  });

  it('keeps campaign filters per campaign and removes them when none is set', async () => {
    const local = new MemoryStorage();
    const storage = createFilterStorage(local);
    storage.writeCampaign('c1', { topics: ['billing'] });
    storage.writeCampaign('c2', { validators: ['019a0000-0000-7000-8000-000000000102'] });
    await expect(storage.readCampaign('c1')).resolves.toEqual({ topics: ['billing'] });
    await expect(storage.readCampaign('c3')).resolves.toEqual({});
    storage.writeCampaign('c1', { topics: [] });
    expect(local.getItem('qm.filters.campaign.c1')).toBeNull();
    await expect(storage.readCampaign('c2')).resolves.toEqual({
      validators: ['019a0000-0000-7000-8000-000000000102'],
    });
  });

  it('keeps the conversation list filters of a campaign with its campaign filters, compacted', async () => {
    const local = new MemoryStorage();
    const storage = createFilterStorage(local);
    storage.writeCampaign('c1', { topics: ['billing'], types: ['email'], agents: [], q: 'refund' });
    await expect(storage.readCampaign('c1')).resolves.toEqual({
      topics: ['billing'],
      types: ['email'],
      q: 'refund',
    });
    storage.writeCampaign('c1', { q: ' ', types: [] });
    expect(local.getItem('qm.filters.campaign.c1')).toBeNull();
    local.setItem('qm.filters.campaign.c2', JSON.stringify({ types: ['fax'] }));
    await expect(storage.readCampaign('c2')).resolves.toEqual({});
  });

  it("accepts as stored home filters exactly what the contract's schema accepts", () => {
    const valid = {
      timeRange: { start: 1, end: 2 },
      agents: ['a'],
      campaigns: ['c'],
      metadata: { region: ['N'] },
    };
    const samples: unknown[] = [
      valid,
      { ...valid, metadata: {} },
      { ...valid, extra: true },
      null,
      [],
      'home',
      { ...valid, timeRange: { start: 1.5, end: 2 } },
      { ...valid, timeRange: { start: '1', end: 2 } },
      { ...valid, timeRange: null },
      { ...valid, agents: [1] },
      { ...valid, campaigns: undefined },
      { ...valid, metadata: { region: 'N' } },
      { ...valid, metadata: [] },
    ];
    for (const sample of samples) {
      expect(isHomeFilters(sample), JSON.stringify(sample)).toBe(homeFiltersSchema.safeParse(sample).success);
    }
  });

  it('removes every stored filter on reset, and nothing else', () => {
    const local = new MemoryStorage();
    const storage = createFilterStorage(local);
    storage.writeHome({ timeRange: { start: 1, end: 2 }, agents: [], campaigns: [], metadata: {} });
    storage.writeCampaign('c1', { topics: ['x'] });
    storage.writeCampaign('c2', { topics: ['y'] });
    local.setItem('other.key', 'kept');
    storage.removeAll();
    expect(local.length).toBe(1);
    expect(local.getItem('other.key')).toBe('kept');
  });
});
