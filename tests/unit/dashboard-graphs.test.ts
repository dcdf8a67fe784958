// The dashboards' pure helpers: the graphs' parameters from a scope, the scopes of the home and of a campaign,
// the click-through's list filters, the score evolution's buckets, the KPIs' changes and types, the weakest items.
import { describe, expect, it } from 'vitest';
import { graphKpisSchema, type ItemDetails } from '../../contract/dashboard-graphs';
import { bandFilter, agentFilter } from '../../src/services/dashboards/drill-down-filters';
import {
  campaignScope,
  conversationListHref,
  graphParams,
  homeScope,
  listFiltersOf,
} from '../../src/services/dashboards/graph-scope';
import {
  isTypeKpi,
  kpiChange,
  kpiNames,
  presentTypeKpis,
  typeKpiNames,
} from '../../src/services/dashboards/kpi-change';
import { defaultInterval, fillBuckets } from '../../src/services/dashboards/score-buckets';
import { weakestItems } from '../../src/services/dashboards/weakest-items';
import { queryString } from '../../src/services/api-client';

const day = 86_400;
const at = (iso: string) => Date.parse(iso) / 1000;

describe('graph parameters', () => {
  it('repeat arrays, prefix metadata keys, and leave out what is not set', () => {
    const params = graphParams(
      {
        campaigns: ['c1', 'c2'],
        startTs: 10,
        endTs: 20,
        agents: [],
        topics: ['Billing'],
        metadata: { region: ['North', 'South'], product: [] },
      },
      { ascending: 'true' },
    );
    expect(params).toEqual({
      campaigns: ['c1', 'c2'],
      startTs: 10,
      endTs: 20,
      agents: undefined,
      topics: ['Billing'],
      'metadata.region': ['North', 'South'],
      ascending: 'true',
    });
    expect(queryString(params)).toBe(
      '?campaigns=c1&campaigns=c2&startTs=10&endTs=20&topics=Billing&metadata.region=North&metadata.region=South&ascending=true',
    );
  });

  it('read the home filters: the chosen campaigns, else the readable ones (50 at most); no agent for an agent', () => {
    const home = {
      timeRange: { start: 1, end: 2 },
      agents: ['a1'],
      campaigns: [],
      metadata: { tier: ['Gold'] },
    };
    const readable = Array.from({ length: 60 }, (_, index) => `c${index}`);
    const supervisor = homeScope(home, readable, { ownFigures: false });
    expect(supervisor.campaigns).toHaveLength(50);
    expect(supervisor).toMatchObject({ startTs: 1, endTs: 2, agents: ['a1'], metadata: { tier: ['Gold'] } });
    expect(homeScope({ ...home, campaigns: ['x'] }, readable, { ownFigures: true })).toMatchObject({
      campaigns: ['x'],
      agents: undefined,
    });
  });

  it("read a campaign's period, agents, topics and metadata, and nothing else of its filters", () => {
    expect(
      campaignScope('c1', {
        started_after: 5,
        agents: ['a1'],
        topics: [],
        conversationsMetadata: { region: ['North'] },
        score: { min: 50 },
        types: ['call'],
      }),
    ).toEqual({
      campaigns: ['c1'],
      startTs: 5,
      endTs: undefined,
      agents: ['a1'],
      topics: undefined,
      metadata: { region: ['North'] },
    });
  });
});

describe('click-through', () => {
  const scope = {
    campaigns: ['c1'],
    startTs: 100,
    endTs: 200,
    agents: ['a1', 'a2'],
    metadata: { region: ['North'] },
  };

  it("keeps the scope's filters and narrows them by the figure", () => {
    expect(listFiltersOf(scope, bandFilter({ min: 50, max: 60 }))).toEqual({
      started_after: 100,
      started_before: 200,
      agents: ['a1', 'a2'],
      conversationsMetadata: { region: ['North'] },
      score: { min: 50, max: 59.99 },
    });
    expect(listFiltersOf(scope, agentFilter('a2')).agents).toEqual(['a2']);
    expect(bandFilter({ min: 90, max: 100 })).toEqual({ score: { min: 90, max: 100 } });
  });

  it('links to the campaign list with the filters as one JSON parameter', () => {
    const href = conversationListHref('c1', { agents: ['a1'] });
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/campaigns/c1/conversations');
    expect(JSON.parse(url.searchParams.get('filters') ?? '')).toEqual({ agents: ['a1'] });
  });
});

describe('score evolution buckets', () => {
  it('choose the size from the period as the server does', () => {
    expect(defaultInterval(0, 31 * day)).toBe('day');
    expect(defaultInterval(0, 32 * day)).toBe('week');
    expect(defaultInterval(0, 183 * day)).toBe('week');
    expect(defaultInterval(0, 184 * day)).toBe('month');
    expect(defaultInterval(undefined, 10)).toBe('month');
  });

  it('fill every bucket of the period, empty ones with no score', () => {
    const evolution = {
      interval: 'day' as const,
      points: [
        { period_start: '2026-03-02', evaluated: 2, average_score: 70 },
        { period_start: '2026-03-04', evaluated: 1, average_score: 40 },
      ],
    };
    expect(fillBuckets(evolution, at('2026-03-01T10:00:00Z'), at('2026-03-04T23:00:00Z'))).toEqual([
      { period_start: '2026-03-01', evaluated: 0, average_score: null },
      { period_start: '2026-03-02', evaluated: 2, average_score: 70 },
      { period_start: '2026-03-03', evaluated: 0, average_score: null },
      { period_start: '2026-03-04', evaluated: 1, average_score: 40 },
    ]);
  });

  it('start weeks on Monday and months on the 1st; an open period runs from the first point to the last', () => {
    const weeks = fillBuckets(
      { interval: 'week', points: [{ period_start: '2026-03-09', evaluated: 1, average_score: 50 }] },
      at('2026-03-04T00:00:00Z'),
      at('2026-03-18T00:00:00Z'),
    );
    expect(weeks.map((bucket) => bucket.period_start)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    const months = fillBuckets(
      {
        interval: 'month',
        points: [
          { period_start: '2026-01-01', evaluated: 1, average_score: 50 },
          { period_start: '2026-03-01', evaluated: 1, average_score: 60 },
        ],
      },
      undefined,
      undefined,
    );
    expect(months.map((bucket) => [bucket.period_start, bucket.average_score])).toEqual([
      ['2026-01-01', 50],
      ['2026-02-01', null],
      ['2026-03-01', 60],
    ]);
    expect(fillBuckets({ interval: 'day', points: [] }, undefined, undefined)).toEqual([]);
  });
});

describe('KPI changes', () => {
  it("name the contract's figures in its order, read without its schema", () => {
    const figures = Object.keys(graphKpisSchema.shape).filter((name) => name !== 'previous_period');
    expect(kpiNames).toEqual(figures);
  });

  it('are relative for counts, in points for scores and shares, good or bad by the figure', () => {
    expect(kpiChange('conversations', { value: 124, previous: 120 })).toMatchObject({
      unit: 'ratio',
      tone: 'neutral',
    });
    expect(kpiChange('evaluated', { value: 90, previous: 120 })).toEqual({
      amount: -0.25,
      unit: 'ratio',
      tone: 'bad',
    });
    expect(kpiChange('average_score', { value: 51.5, previous: 47.5 })).toEqual({
      amount: 4,
      unit: 'points',
      tone: 'good',
    });
    const share = kpiChange('negative_sentiment_share', { value: 0.41, previous: 0.45 });
    expect(share?.amount).toBeCloseTo(-4);
    expect(share?.tone).toBe('good');
    expect(kpiChange('average_call_duration_s', { value: 300, previous: 200 })).toEqual({
      amount: 0.5,
      unit: 'ratio',
      tone: 'neutral',
    });
    expect(kpiChange('average_email_first_response_s', { value: 1800, previous: 3600 })).toEqual({
      amount: -0.5,
      unit: 'ratio',
      tone: 'good',
    });
  });

  it('show the figures by type only for the types the range holds', () => {
    const figure = (conversations: number) => ({ value: null, previous: null, conversations });
    const kpis = graphKpisSchema.parse({
      previous_period: null,
      ...Object.fromEntries(kpiNames.map((name) => [name, { value: 1, previous: null }])),
      average_call_duration_s: figure(0),
      average_chat_duration_s: figure(2),
      average_email_first_response_s: figure(1),
    });
    expect(presentTypeKpis(kpis)).toEqual(['average_chat_duration_s', 'average_email_first_response_s']);
    expect(typeKpiNames.filter(isTypeKpi)).toEqual(typeKpiNames);
    expect(isTypeKpi('conversations')).toBe(false);
  });

  it('are absent without a previous figure or a base to compare with', () => {
    expect(kpiChange('conversations', { value: 3, previous: null })).toBeNull();
    expect(kpiChange('validated', { value: 3, previous: 0 })).toBeNull();
    expect(kpiChange('average_score', { value: null, previous: 40 })).toBeNull();
  });
});

describe('weakest items', () => {
  const item = (id: string, average_score: number | null): ItemDetails['items'][number] => ({
    id,
    name: id,
    type: 'binary_item',
    section_name: 'S',
    answered: 1,
    average_score,
    counts: {},
  });

  it('are the scored items, lowest first, grid order among equals', () => {
    const items = [item('a', 80), item('b', null), item('c', 20), item('d', 80), item('e', 50)];
    expect(weakestItems(items).map(({ id }) => id)).toEqual(['c', 'e', 'a', 'd']);
    expect(weakestItems(items, 2).map(({ id }) => id)).toEqual(['c', 'e']);
  });
});
