// A campaign's conversation list: keyset pages in both date orders, every filter (evaluations' included), the
// agent scope, malformed filters, the metadata keys with their values, and the validators.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationFilters, ConversationSummary } from '../../../contract/conversations';
import type { ConversationType, Language, Sentiment } from '../../../contract/enums';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import {
  countConversations,
  metadataValuesPerKey,
  searchFirstMaxMatches,
  searchRecentRows,
  searchSampleRows,
} from '../../../server/conversations/list-store';
import { conversations } from '../../../server/db/schema';
import { conversationCriteria } from '../../../server/domain/conversation-criteria';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  addCampaign,
  addConversation,
  addEvaluationGrid,
  addOrganisation,
  addStoredEvaluation,
  addUser,
  turn,
} from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

/** What the tests know of each conversation they add, to work out the expected lists. */
interface Known {
  id: string;
  agentId: string;
  type: ConversationType;
  startedAt: number;
  durationSeconds: number;
  language: Language;
  sentiment: Sentiment | null;
  topics: string[];
  metadata: Record<string, string>;
  status: 'ready' | 'failed';
  text: string;
  evaluation: KnownEvaluation | null;
}

/** A conversation's evaluation as the tests write it: its main score, the items scored below 100, validation. */
interface KnownEvaluation {
  mainScore: number;
  missed: ('greeting' | 'closing')[];
  validatedBy: string | null;
}

const base = 1_750_000_000;
const types: ConversationType[] = ['call', 'chat', 'email'];
const sentiments: (Sentiment | null)[] = ['POSITIVE', 'NEGATIVE', 'NEUTRAL', null];
const channels = ['phone', 'web', 'email', 'app'];
const words = ['refund', 'invoice', 'delivery', 'password', 'upgrade'];

describe.each(testDatabaseKinds)('conversation list on %s', (kind) => {
  let t: TestApp;
  let campaign: string;
  let awayCampaign: string;
  const known: Known[] = [];
  const tokens = { supervisor: '', agent: '', supervisor2: '', other: '' };
  /** The ids of the two items the evaluations answer (their grid holds only the first; the list does not care). */
  const itemIds = { greeting: newId(), closing: newId() };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    campaign = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'List lab',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner' },
        { userId: demoUsers.agent.id, role: 'viewer' },
      ],
    });
    const agents = [demoUsers.agent.id, demoUsers.agent2.id, demoUsers.agent3.id];
    for (let n = 0; n < 36; n++) {
      // Every third conversation shares its start with the one before, so pages must order ties by id.
      const startedAt = base + (n - (n % 3 === 2 ? 1 : 0)) * 600;
      const conversation: Known = {
        id: '',
        agentId: agents[n % 3] as string,
        type: types[n % 3] as ConversationType,
        startedAt,
        durationSeconds: 30 * n,
        language: n % 4 === 0 ? 'fr' : 'en',
        sentiment: sentiments[n % 4] ?? null,
        topics: n % 5 === 0 ? ['billing', 'churn'] : n % 5 === 1 ? ['billing'] : [],
        metadata: {
          channel: channels[n % 4] as string,
          ...(n % 2 === 0 ? { tier: n % 6 === 0 ? 'gold' : 'silver' } : {}),
        },
        status: n % 9 === 0 ? 'failed' : 'ready',
        text: `The customer asked about the ${words[n % 5]} number ${n}`,
        evaluation: null,
      };
      conversation.id = await addConversation(db, {
        campaignId: campaign,
        agentId: conversation.agentId,
        type: conversation.type,
        startedAt: new Date(conversation.startedAt * 1000),
        durationSeconds: conversation.durationSeconds,
        language: conversation.language,
        sentiment: conversation.sentiment,
        topics: conversation.topics,
        metadata: conversation.metadata,
        status: conversation.status,
        turns: [turn('customer', conversation.text), turn('agent', 'Let me check that for you')],
      });
      known.push(conversation);
    }
    // Every fourth conversation has no evaluation; "greeting" is missed by odd ones; "closing" is not applicable
    // to every third and missed by the next. The first supervisor validates every third (the demo agent's), the
    // second every sixth of the others.
    const { grid } = await addEvaluationGrid(db, campaign, demoUsers.supervisor.id);
    for (const [n, conversation] of known.entries()) {
      if (n % 4 === 3) continue;
      conversation.evaluation = {
        mainScore: (n * 37) % 101,
        missed: [...(n % 2 === 1 ? ['greeting' as const] : []), ...(n % 3 === 1 ? ['closing' as const] : [])],
        validatedBy: n % 3 === 0 ? demoUsers.supervisor.id : n % 6 === 4 ? demoUsers.supervisor2.id : null,
      };
      await addStoredEvaluation(db, {
        conversationId: conversation.id,
        gridId: grid,
        mainScore: conversation.evaluation.mainScore,
        itemScores: {
          [itemIds.greeting]: n % 2 === 1 ? 0 : 100,
          [itemIds.closing]: n % 3 === 0 ? null : n % 3 === 1 ? 0 : 100,
        },
        validatedBy: conversation.evaluation.validatedBy,
        validatedAt: new Date(base * 1000),
      });
    }
    await addConversation(db, {
      campaignId: campaign,
      agentId: demoUsers.agent.id,
      isTest: true,
      metadata: { channel: 'test-bench' },
      turns: [turn('customer', 'refund test call')],
    });

    const otherOrganisation = await addOrganisation(db, 'Elsewhere');
    const otherSupervisor = await addUser(db, {
      organisationId: otherOrganisation,
      email: 'sup@elsewhere.test',
    });
    awayCampaign = await addCampaign(db, {
      organisationId: otherOrganisation,
      name: 'Elsewhere campaign',
      members: [{ userId: otherSupervisor, role: 'owner' }],
    });
    await addConversation(db, { campaignId: awayCampaign, agentId: otherSupervisor });

    tokens.supervisor = await t.accessToken(demoUsers.supervisor.email);
    tokens.agent = await t.accessToken(demoUsers.agent.email);
    tokens.supervisor2 = await t.accessToken(demoUsers.supervisor2.email);
    tokens.other = await t.accessToken('sup@elsewhere.test');
  });
  afterAll(() => t.close());

  type Query = {
    filters?: ConversationFilters | string;
    sort?: string;
    start_after?: string;
    limit?: number | string;
  };

  const request = (query: Query, token = tokens.supervisor, id = campaign) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined)
        params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    return t.app.inject({ url: `/api/campaigns/${id}/conversations?${params}`, headers: bearer(token) });
  };

  /** Every id the list gives, page after page. */
  async function walk(query: Query, token = tokens.supervisor) {
    const ids: string[] = [];
    let startAfter: string | undefined;
    for (let page = 0; page < 100; page++) {
      const response = await request({ ...query, start_after: startAfter }, token);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { items: ConversationSummary[]; next_start_after: string | null };
      ids.push(...body.items.map((item) => item.id));
      if (body.next_start_after === null) return ids;
      expect(body.next_start_after).toBe(body.items.at(-1)?.id);
      startAfter = body.next_start_after;
    }
    throw new Error('The list never ended');
  }

  /** The ids the list should give for a predicate, newest first (ties: larger id first). */
  const expected = (keep: (conversation: Known) => boolean, sort = 'started_at_desc') => {
    const ids = known
      .filter(keep)
      .sort((a, b) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : 1))
      .map((conversation) => conversation.id);
    return sort === 'started_at_desc' ? ids.reverse() : ids;
  };

  it.each(['started_at_desc', 'started_at_asc'])(
    'pages through every conversation in %s order, ties by id, without a gap or a repeat',
    async (sort) => {
      const ids = await walk({ sort, limit: 5 });
      expect(ids).toEqual(expected(() => true, sort));
      expect(new Set(ids).size).toBe(known.length);
    },
  );

  it('answers summaries with the agent’s name, newest first by default', async () => {
    const response = await request({ limit: 1 });
    const [first] = (response.json() as { items: ConversationSummary[] }).items;
    const newest = known.find((conversation) => conversation.id === expected(() => true)[0]);
    expect(first).toMatchObject({
      id: newest?.id,
      campaign_id: campaign,
      type: newest?.type,
      started_at: newest?.startedAt,
      duration_s: newest?.durationSeconds,
      metadata: newest?.metadata,
      has_audio: false,
    });
    expect(first?.agent?.id).toBe(newest?.agentId);
    expect(first?.agent?.name).toEqual(expect.any(String));
    expect(first).not.toHaveProperty('turns');
  });

  it('answers each summary with its evaluation’s score and validation', async () => {
    const rows = (await request({ limit: 200 })).json() as { items: ConversationSummary[] };
    for (const row of rows.items) {
      const evaluation = known.find((conversation) => conversation.id === row.id)?.evaluation ?? null;
      expect(row.evaluation).toEqual(
        evaluation && {
          status: 'done',
          main_score: evaluation.mainScore,
          auto_failed: false,
          validated: evaluation.validatedBy !== null,
          validated_by: evaluation.validatedBy,
          validated_at: evaluation.validatedBy ? base : null,
        },
      );
    }
  });

  const filterCases: [string, ConversationFilters, (conversation: Known) => boolean][] = [
    ['types', { types: ['chat', 'email'] }, (c) => c.type !== 'call'],
    ['agents', { agents: [demoUsers.agent2.id] }, (c) => c.agentId === demoUsers.agent2.id],
    [
      'sentiments',
      { sentiments: ['NEGATIVE', 'NEUTRAL'] },
      (c) => c.sentiment === 'NEGATIVE' || c.sentiment === 'NEUTRAL',
    ],
    ['languages', { languages: ['fr'] }, (c) => c.language === 'fr'],
    ['statuses', { statuses: ['failed'] }, (c) => c.status === 'failed'],
    ['topics, any of them', { topics: ['churn', 'nothing-like-it'] }, (c) => c.topics.includes('churn')],
    [
      'metadata, one of the values of every key',
      { conversationsMetadata: { channel: ['phone', 'web'], tier: ['gold'] } },
      (c) => ['phone', 'web'].includes(c.metadata.channel ?? '') && c.metadata.tier === 'gold',
    ],
    ['metadata keys without values, ignored', { conversationsMetadata: { channel: [] } }, () => true],
    [
      'duration in minutes and seconds, bounds included',
      { duration: { min: { value: 3, unit: 'm' }, max: { value: 600, unit: 's' } } },
      (c) => c.durationSeconds >= 180 && c.durationSeconds <= 600,
    ],
    [
      'duration with an empty bound',
      { duration: { min: null, max: { value: 0.05, unit: 'h' } } },
      (c) => c.durationSeconds <= 180,
    ],
    [
      'dates, both ends included',
      { started_after: base + 6000, started_before: base + 12_000 },
      (c) => c.startedAt >= base + 6000 && c.startedAt <= base + 12_000,
    ],
    ['free text', { q: 'refund' }, (c) => c.text.includes('refund')],
    ['free text, every word', { q: 'invoice number 11' }, (c) => c.text.includes('invoice number 11')],
    ['free text, a word left out', { q: 'customer -refund -invoice' }, (c) => !/refund|invoice/.test(c.text)],
    ['free text, a word in no conversation', { q: 'zzyzx' }, () => false],
    ['free text, only a word left out', { q: '-refund' }, (c) => !c.text.includes('refund')],
    [
      'free text with other filters',
      { q: 'refund', types: ['call', 'email'], started_after: base + 3000 },
      (c) => c.text.includes('refund') && c.type !== 'chat' && c.startedAt >= base + 3000,
    ],
    [
      'empty lists, ignored',
      { types: [], agents: [], topics: [], evalItems: [], validators: [] },
      () => true,
    ],
    [
      'main score, bounds included',
      { score: { min: 37, max: 74 } },
      (c) => c.evaluation !== null && c.evaluation.mainScore >= 37 && c.evaluation.mainScore <= 74,
    ],
    ['main score, a minimum of 0', { score: { min: 0 } }, (c) => c.evaluation !== null],
    [
      'an item missed (not applicable is not missed)',
      { evalItems: [itemIds.closing] },
      (c) => c.evaluation?.missed.includes('closing') ?? false,
    ],
    [
      'one of the items missed',
      { evalItems: [itemIds.greeting, itemIds.closing] },
      (c) => (c.evaluation?.missed.length ?? 0) > 0,
    ],
    [
      'validators',
      { validators: [demoUsers.supervisor2.id] },
      (c) => c.evaluation?.validatedBy === demoUsers.supervisor2.id,
    ],
    ['validated', { validated: true }, (c) => (c.evaluation?.validatedBy ?? null) !== null],
    ['not validated', { validated: false }, (c) => (c.evaluation?.validatedBy ?? null) === null],
    [
      'evaluation filters together',
      { score: { max: 50 }, evalItems: [itemIds.greeting], validated: false },
      (c) =>
        c.evaluation !== null &&
        c.evaluation.mainScore <= 50 &&
        c.evaluation.missed.includes('greeting') &&
        c.evaluation.validatedBy === null,
    ],
    [
      'several filters together',
      { types: ['call'], languages: ['en'], duration: { min: { value: 60, unit: 's' } } },
      (c) => c.type === 'call' && c.language === 'en' && c.durationSeconds >= 60,
    ],
  ];

  it.each(filterCases)('filters by %s', async (_name, filters, keep) => {
    expect(await walk({ filters, limit: 4 })).toEqual(expected(keep));
    expect(await walk({ filters, limit: 4, sort: 'started_at_asc' })).toEqual(
      expected(keep, 'started_at_asc'),
    );
  });

  describe('count', () => {
    const count = (filters?: ConversationFilters | string, token = tokens.supervisor, id = campaign) => {
      const params = new URLSearchParams();
      if (filters !== undefined)
        params.set('filters', typeof filters === 'string' ? filters : JSON.stringify(filters));
      return t.app.inject({
        url: `/api/campaigns/${id}/conversations/count?${params}`,
        headers: bearer(token),
      });
    };

    it.each(filterCases)(
      'counts exactly what the list gives, filtered by %s',
      async (_name, filters, keep) => {
        const response = await count(filters);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ count: expected(keep).length, exact: true });
      },
    );

    it('counts every conversation but the test ones without filters, and an agent’s own only', async () => {
      expect((await count()).json()).toEqual({ count: known.length, exact: true });
      const own = expected((c) => c.agentId === demoUsers.agent.id).length;
      expect((await count({ agents: [demoUsers.agent2.id] }, tokens.agent)).json()).toEqual({
        count: 0,
        exact: true,
      });
      expect((await count(undefined, tokens.agent)).json()).toEqual({ count: own, exact: true });
    });

    it('stops counting one past the most it shows exactly', async () => {
      const scope = { campaignId: campaign, onlyAgent: null };
      const criteria = conversationCriteria(undefined, scope);
      expect(await countConversations(t.database.db, criteria, 5)).toBe(5);
      expect(await countConversations(t.database.db, criteria, known.length + 1)).toBe(known.length);
    });

    it('refuses malformed filters (400) and readers who may not read the campaign (403, 404)', async () => {
      expect((await count('{"types": "call"}')).statusCode).toBe(400);
      expect((await count('{"types": "call"}')).json()).toHaveProperty('detail');
      expect((await count(undefined, tokens.supervisor2)).statusCode).toBe(403);
      expect((await count(undefined, tokens.other)).statusCode).toBe(404);
      expect((await count(undefined, tokens.supervisor, newId())).statusCode).toBe(404);
    });
  });

  it('leaves test conversations out', async () => {
    const ids = await walk({ filters: { q: 'test' } });
    expect(ids).toEqual([]);
  });

  it('shows an agent only their own conversations, whatever the filters ask', async () => {
    const own = (c: Known) => c.agentId === demoUsers.agent.id;
    expect(await walk({ limit: 4 }, tokens.agent)).toEqual(expected(own));
    expect(await walk({ filters: { agents: [demoUsers.agent2.id] } }, tokens.agent)).toEqual([]);
    expect(
      await walk(
        { filters: { agents: [demoUsers.agent.id.toUpperCase(), demoUsers.agent2.id] } },
        tokens.agent,
      ),
    ).toEqual(expected(own));

    const othersConversation = known.find((c) => c.agentId === demoUsers.agent2.id)?.id;
    const response = await request({ start_after: othersConversation }, tokens.agent);
    expect(response.statusCode).toBe(400);
  });

  it.each<[string, Query]>([
    ['filters that are not JSON', { filters: '{types: [call]}' }],
    ['an unknown filter', { filters: '{"colour": ["red"]}' }],
    ['a filter of the wrong type', { filters: '{"types": "call"}' }],
    ['an unknown conversation type', { filters: '{"types": ["fax"]}' }],
    ['a duration without its unit', { filters: '{"duration": {"min": {"value": 3}}}' }],
    ['a negative duration', { filters: '{"duration": {"min": {"value": -1, "unit": "s"}}}' }],
    ['a date that is not unix seconds', { filters: '{"started_after": "2025-01-01"}' }],
    ['an agent that is not an id', { filters: '{"agents": ["lucas"]}' }],
    ['a score above 100', { filters: '{"score": {"max": 101}}' }],
    ['a minimum score above the maximum', { filters: '{"score": {"min": 80, "max": 20}}' }],
    ['an evaluation item that is not an id', { filters: '{"evalItems": ["greeting"]}' }],
    ['a validator that is not an id', { filters: '{"validators": ["claire"]}' }],
    ['a validation that is not a boolean', { filters: '{"validated": "yes"}' }],
    ['filters as a list', { filters: '[]' }],
    ['an unknown sort', { sort: 'duration_desc' }],
    ['a limit of zero', { limit: 0 }],
    ['a limit too large', { limit: 201 }],
    ['a start that is not an id', { start_after: 'yesterday' }],
    ['a start that names no conversation of the list', { start_after: newId() }],
  ])('refuses %s with 400', async (_name, query) => {
    const response = await request(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
  });

  it('refuses a start in another campaign', async () => {
    const response = await request({ start_after: known[0]?.id }, tokens.other, awayCampaign);
    expect(response.statusCode).toBe(400);
  });

  it('refuses non-members (403), other organisations and unknown campaigns (404)', async () => {
    expect((await request({}, tokens.supervisor2)).statusCode).toBe(403);
    expect((await request({}, tokens.other)).statusCode).toBe(404);
    expect((await request({}, tokens.supervisor, awayCampaign)).statusCode).toBe(404);
    expect((await request({}, tokens.supervisor, newId())).statusCode).toBe(404);
  });

  it('finds a search’s page among a sample or more of the newest, through its matches, or walking them', async () => {
    const { db } = t.database;
    const searched = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Search paths',
      members: [{ userId: demoUsers.supervisor.id, role: 'owner' }],
    });
    // Conversation n starts n seconds after the base: the newest have the highest n. "everywhere" is in all,
    // "older" in all but the newest searchRecentRows (more than searchFirstMaxMatches of them), "middling" in the
    // oldest 400, "often" in one in 10 (fewer than a page in the sample, more among the newest), "seldom" in one
    // in 50 (a few in the sample, fewer than a page among the newest).
    const count = searchRecentRows + searchFirstMaxMatches + 100;
    const middling = 400;
    await db.execute(sql`
      insert into conversations (id, campaign_id, type, status, started_at, search_text)
      select gen_random_uuid(), ${searched}::uuid, 'chat', 'ready', to_timestamp(${base} + n),
        concat_ws(' ', 'everywhere', case when n <= ${count - searchRecentRows} then 'older' end,
          case when n <= ${middling} then 'middling' end, case when n % 10 = 0 then 'often' end,
          case when n % 50 = 7 then 'seldom' end)
      from generate_series(1, ${count}) as n`);
    const page = async (filters: ConversationFilters, sort: string, startAfter?: string) => {
      const response = await request(
        { filters, sort, limit: 40, start_after: startAfter },
        tokens.supervisor,
        searched,
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: ConversationSummary[] }).items;
    };
    /** Every page of the search, in order, as the starts (n) of its conversations. */
    const walkSearch = async (filters: ConversationFilters, sort: string) => {
      const pages: number[][] = [];
      let items = await page(filters, sort);
      while (items.length > 0) {
        pages.push(startsOf(items));
        items = await page(filters, sort, items.at(-1)?.id);
      }
      return pages;
    };
    const startsOf = (items: ConversationSummary[]) => items.map((item) => item.started_at - base);
    const newest = (from: number) => Array.from({ length: 40 }, (_, i) => from - i);
    const inPages = (starts: number[]) =>
      Array.from({ length: Math.ceil(starts.length / 40) }, (_, i) => starts.slice(i * 40, i * 40 + 40));
    const all = Array.from({ length: count }, (_, i) => i + 1);
    const oneIn10 = all.filter((n) => n % 10 === 0);
    const oneIn50 = all.filter((n) => n % 50 === 7);
    expect(searchSampleRows / 10).toBeLessThan(40);
    expect(searchRecentRows / 10).toBeGreaterThanOrEqual(80);
    expect(searchRecentRows / 50).toBeLessThan(40);
    expect(middling).toBeLessThanOrEqual(Math.min(searchFirstMaxMatches, count - searchRecentRows));

    const everywhere = await page({ q: 'everywhere' }, 'started_at_desc');
    expect(startsOf(everywhere)).toEqual(newest(count));
    expect(startsOf(await page({ q: 'everywhere' }, 'started_at_desc', everywhere.at(-1)?.id))).toEqual(
      newest(count - 40),
    );
    const older = await page({ q: 'older' }, 'started_at_desc');
    expect(startsOf(older)).toEqual(newest(count - searchRecentRows));
    expect(startsOf(await page({ q: 'older' }, 'started_at_desc', older.at(-1)?.id))).toEqual(
      newest(count - searchRecentRows - 40),
    );
    const middlingPage = await page({ q: 'middling' }, 'started_at_desc');
    expect(startsOf(middlingPage)).toEqual(newest(middling));
    expect(startsOf(await page({ q: 'middling' }, 'started_at_desc', middlingPage.at(-1)?.id))).toEqual(
      newest(middling - 40),
    );
    expect(await walkSearch({ q: 'often' }, 'started_at_desc')).toEqual(inPages([...oneIn10].reverse()));
    expect(await walkSearch({ q: 'seldom' }, 'started_at_desc')).toEqual(inPages([...oneIn50].reverse()));
    expect(await walkSearch({ q: 'seldom' }, 'started_at_asc')).toEqual(inPages(oneIn50));
    expect(await walkSearch({ q: 'seldom middling' }, 'started_at_asc')).toEqual(
      inPages(oneIn50.filter((n) => n <= middling)),
    );
    expect(
      await walkSearch(
        { q: 'seldom', started_after: base + 1000, started_before: base + 3000 },
        'started_at_asc',
      ),
    ).toEqual(inPages(oneIn50.filter((n) => n >= 1000 && n <= 3000)));
    expect(await walkSearch({ q: '-older' }, 'started_at_asc')).toEqual(
      inPages(all.filter((n) => n > count - searchRecentRows)),
    );
    expect(await page({ q: '-everywhere' }, 'started_at_desc')).toEqual([]);
    expect(await page({ q: 'nowhere' }, 'started_at_desc')).toEqual([]);
    expect(await page({ q: 'everywhere nowhere' }, 'started_at_desc')).toEqual([]);
    expect(startsOf(await page({ q: 'nowhere or seldom' }, 'started_at_desc'))).toEqual(
      [...oneIn50].reverse().slice(0, 40),
    );
  });

  describe('validators', () => {
    const validators = (token = tokens.supervisor, id = campaign) =>
      t.app.inject({ url: `/api/campaigns/${id}/conversations/validators`, headers: bearer(token) });

    it('lists who validated the campaign’s conversations, by name', async () => {
      const response = await validators();
      expect(response.statusCode).toBe(200);
      const { supervisor, supervisor2 } = demoUsers;
      expect(response.json()).toEqual(
        [supervisor, supervisor2]
          .map(({ id, name }) => ({ id, name }))
          .sort((a, b) => (a.name < b.name ? -1 : 1)),
      );
    });

    it('lists to an agent only who validated their own conversations', async () => {
      const { id, name } = demoUsers.supervisor;
      expect((await validators(tokens.agent)).json()).toEqual([{ id, name }]);
    });

    it('refuses non-members and other organisations', async () => {
      expect((await validators(tokens.supervisor2)).statusCode).toBe(403);
      expect((await validators(tokens.supervisor, awayCampaign)).statusCode).toBe(404);
    });
  });

  describe('metadata', () => {
    const metadata = (token = tokens.supervisor, id = campaign) =>
      t.app.inject({ url: `/api/campaigns/${id}/conversations/metadata`, headers: bearer(token) });

    it('lists each key with its values, the most frequent first, test conversations aside', async () => {
      const response = await metadata();
      expect(response.statusCode).toBe(200);
      const count = (key: string, value: string) => known.filter((c) => c.metadata[key] === value).length;
      expect(count('tier', 'silver')).toBeGreaterThan(count('tier', 'gold'));
      expect(response.json()).toEqual([
        { key: 'channel', values: ['app', 'email', 'phone', 'web'] },
        { key: 'tier', values: ['silver', 'gold'] },
      ]);
    });

    it('lists only the values of an agent’s own conversations to an agent', async () => {
      const own = known.filter((c) => c.agentId === demoUsers.agent.id);
      const channelsSeen = new Set(own.map((c) => c.metadata.channel));
      const body = (await metadata(tokens.agent)).json() as { key: string; values: string[] }[];
      expect(new Set(body.find((entry) => entry.key === 'channel')?.values)).toEqual(channelsSeen);
    });

    it(`keeps the ${metadataValuesPerKey} most frequent values of a key`, async () => {
      const { db } = t.database;
      const crowded = await addCampaign(db, {
        organisationId: demoOrganisation.id,
        name: 'Crowded metadata',
        members: [{ userId: demoUsers.supervisor.id, role: 'owner' }],
      });
      for (let n = 0; n < metadataValuesPerKey + 5; n++) {
        await addConversation(db, {
          campaignId: crowded,
          agentId: demoUsers.agent.id,
          metadata: { order: `order-${n}` },
        });
      }
      for (let n = 0; n < 2; n++) {
        await addConversation(db, {
          campaignId: crowded,
          agentId: demoUsers.agent.id,
          metadata: { order: 'order-250' },
        });
      }
      const [entry] = (await metadata(tokens.supervisor, crowded)).json() as {
        key: string;
        values: string[];
      }[];
      expect(entry?.values).toHaveLength(metadataValuesPerKey);
      expect(entry?.values[0]).toBe('order-250');
    });

    it('follows the conversations’ metadata as they are corrected, made test ones and deleted', async () => {
      const { db } = t.database;
      const changing = await addCampaign(db, {
        organisationId: demoOrganisation.id,
        name: 'Changing metadata',
        members: [{ userId: demoUsers.supervisor.id, role: 'owner' }],
      });
      const add = (product: string) =>
        addConversation(db, { campaignId: changing, agentId: demoUsers.agent.id, metadata: { product } });
      const [corrected, , deleted, madeTest] = await Promise.all([add('x'), add('x'), add('y'), add('w')]);
      const edit = (id: string, method: 'PATCH' | 'DELETE', payload?: object) =>
        t.app.inject({
          method,
          url: `/api/conversations/${id}`,
          headers: bearer(tokens.supervisor),
          payload,
        });
      expect(
        (await edit(corrected!, 'PATCH', { metadata: { product: 'z', region: 'north' } })).statusCode,
      ).toBe(200);
      expect((await edit(deleted!, 'DELETE')).statusCode).toBe(204);
      await db.update(conversations).set({ isTest: true }).where(eq(conversations.id, madeTest!));
      await db
        .update(conversations)
        .set({ sentiment: 'POSITIVE' })
        .where(eq(conversations.campaignId, changing));
      expect((await metadata(tokens.supervisor, changing)).json()).toEqual([
        { key: 'product', values: ['x', 'z'] },
        { key: 'region', values: ['north'] },
      ]);
    });

    it('refuses non-members and other organisations', async () => {
      expect((await metadata(tokens.supervisor2)).statusCode).toBe(403);
      expect((await metadata(tokens.supervisor, awayCampaign)).statusCode).toBe(404);
    });
  });
});
