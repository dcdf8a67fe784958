// The golden-set check, on a small set built through the API (a campaign, its grid, text conversations evaluated
// by the worker, answers changed by a person, validated): a draft checked against the validated conversations,
// with agreement counted by hand.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EvaluationGrid } from '../../../contract/evaluation-grids';
import type { GoldenSetCheck } from '../../../contract/golden-set-check';
import { demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, postTextCalls, type TestApp } from '../../fixtures/test-app';

const jobTimeout = { timeout: 20_000, interval: 100 };

const greets = { any_of: ['hello'], speaker: 'agent', absent: false };
const apologises = { any_of: ['sorry'], speaker: 'agent', absent: false };

describe.each(testDatabaseKinds)('the golden-set check on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let agent: string;
  let outsider: string;
  let campaignId: string;
  let grid: EvaluationGrid;
  /** The published items' ids: greets (A), apologises (B), a levels item (C). */
  let ids: { a: string; b: string; c: string };
  /** Conversations 1–3 are validated, 4 is not. */
  let conversationIds: string[] = [];

  const as = (token: string) => bearer(token);

  const answer = (conversationId: string, itemId: string, value: unknown, itemType: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conversationId}/evaluation/items/${itemId}`,
      headers: as(owner),
      payload: { evaluation_item: { value }, item_type: itemType },
    });

  const evaluationOf = async (conversationId: string) =>
    (await t.app.inject({ url: `/api/conversations/${conversationId}`, headers: as(owner) })).json()
      .evaluation as { status: string } | null;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await t.accessToken(demoUsers.supervisor.email);
    agent = await t.accessToken(demoUsers.agent.email);
    outsider = await t.accessToken(demoUsers.supervisor2.email);
    const campaign = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: as(owner),
      payload: { name: 'Golden set', language: 'en' },
    });
    campaignId = campaign.json().id;
    const empty = await t.app.inject({
      url: `/api/campaigns/${campaignId}/evaluation-grid`,
      headers: as(owner),
    });
    const published = await t.app.inject({
      method: 'PATCH',
      url: `/api/evaluation-grids/${empty.json().id}`,
      headers: as(owner),
      payload: {
        sections: [
          {
            name: 'Call',
            items: [
              { name: 'Greets', type: 'binary_item', rules: greets },
              { name: 'Apologises', type: 'binary_item', rules: apologises },
              {
                name: 'Explains',
                type: 'multiple_levels_item',
                levels: [
                  { name: 'Not at all', score: 0 },
                  { name: 'Clearly', score: 100 },
                ],
              },
            ],
          },
        ],
      },
    });
    expect(published.statusCode).toBe(200);
    grid = published.json();
    const [a, b, c] = grid.sections[0]!.items.map((item) => item.id);
    ids = { a: a!, b: b!, c: c! };

    const transcripts = [
      'Agent: Hello there.\nCustomer: My bill is wrong.\nAgent: Sorry about that.',
      'Agent: Hi.\nCustomer: My parcel is late.\nAgent: Sorry.',
      'Agent: Hello.\nCustomer: Thanks.',
      'Agent: Hello.\nCustomer: Bye.',
    ];
    conversationIds = await postTextCalls(
      t.app,
      owner,
      { campaignId, agentId: demoUsers.agent.id },
      transcripts,
    );
    // Analysed, then evaluated automatically with the published grid.
    for (const id of conversationIds) {
      await vi.waitFor(async () => expect((await evaluationOf(id))?.status).toBe('done'), jobTimeout);
    }
    const [one, two, three] = conversationIds as [string, string, string];
    // People's final answers: conversation 2 did greet ("Hi"); the levels item answered by hand everywhere.
    expect((await answer(two, ids.a, 'yes', 'binary_item')).statusCode).toBe(200);
    for (const [id, level] of [
      [one, 1],
      [two, 0],
      [three, 1],
    ] as const) {
      expect((await answer(id, ids.c, level, 'multiple_levels_item')).statusCode).toBe(200);
    }
    for (const id of [one, two, three]) {
      const validated = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${id}/evaluation/validate`,
        headers: as(owner),
      });
      expect(validated.statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  const check = (body: unknown, token = owner, gridId = grid.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/evaluation-grids/${gridId}/golden-set-check`,
      headers: as(token),
      payload: body as object,
    });

  /** The published grid with the changes a supervisor is trying. */
  const draft = () => ({
    sections: [
      {
        id: grid.sections[0]!.id,
        name: 'Call',
        items: [
          { id: ids.a, name: 'Greets', type: 'binary_item', rules: { ...greets, any_of: ['hello', 'hi'] } },
          {
            id: ids.b,
            name: 'Apologises',
            type: 'binary_item',
            rules: { ...apologises, any_of: ['apologise'] },
          },
          {
            id: ids.c,
            name: 'Explains',
            type: 'multiple_levels_item',
            levels: [
              { name: 'Not at all', score: 0 },
              { name: 'Clearly', score: 100 },
            ],
          },
          { name: 'Mentions the bill', type: 'binary_item', rules: { any_of: ['bill'], speaker: 'any' } },
        ],
      },
    ],
  });

  it('gives each item the agreement of the draft and of the current version with the final answers', async () => {
    const response = await check(draft());
    expect(response.statusCode).toBe(200);
    const result = response.json() as GoldenSetCheck;
    expect(result).toMatchObject({
      validated_conversations: 3,
      conversations_checked: 3,
      limit: 500,
      current_version: 1,
    });
    const rate = (agreed: number, compared: number) => ({
      compared,
      agreed,
      rate: agreed / compared,
      not_evaluated_reason: null,
    });
    // Greets: final yes, yes, yes. Now "hello" only: yes, no, yes (2/3); the draft adds "hi": 3/3.
    // Apologises: final yes, yes, no. Now "sorry": yes, yes, no (3/3); the draft's "apologise": no, no, no (1/3).
    expect(result.items).toEqual([
      {
        item_id: ids.a,
        section_name: 'Call',
        name: 'Greets',
        type: 'binary_item',
        draft: rate(3, 3),
        current: rate(2, 3),
      },
      {
        item_id: ids.b,
        section_name: 'Call',
        name: 'Apologises',
        type: 'binary_item',
        draft: rate(1, 3),
        current: rate(3, 3),
      },
      {
        item_id: ids.c,
        section_name: 'Call',
        name: 'Explains',
        type: 'multiple_levels_item',
        draft: { compared: 0, agreed: 0, rate: null, not_evaluated_reason: 'levels_item' },
        current: { compared: 0, agreed: 0, rate: null, not_evaluated_reason: 'levels_item' },
      },
      {
        item_id: null,
        section_name: 'Call',
        name: 'Mentions the bill',
        type: 'binary_item',
        draft: { compared: 0, agreed: 0, rate: null, not_evaluated_reason: null },
        current: null,
      },
    ]);
    expect(result.totals).toEqual({ draft: rate(4, 6), current: rate(5, 6) });
  });

  it('compares only the final answers that fit the item as the draft has it', async () => {
    const body = draft();
    // Greets may now be N/A unless the customer speaks of a bill: only conversation 1 mentions one.
    body.sections[0]!.items[0] = {
      id: ids.a,
      name: 'Greets',
      type: 'binary_item',
      allow_na: true,
      rules: { ...greets, speaker: 'any', na_unless_any_of: ['bill'] },
    } as (typeof body.sections)[0]['items'][0];
    const result = (await check(body)).json() as GoldenSetCheck;
    // Final answers yes, yes, yes all fit; the rules answer yes, na, na: one agreement of three.
    expect(result.items[0]!.draft).toEqual({
      compared: 3,
      agreed: 1,
      rate: 1 / 3,
      not_evaluated_reason: null,
    });
  });

  it('says how many validated conversations a critical item of the draft would auto-fail', async () => {
    const body = draft();
    // Conversation 3 never says sorry: with "Apologises" critical (and its current rules) it would score 0; the
    // current version has no critical item.
    Object.assign(body.sections[0]!.items[1]!, { critical: true, rules: apologises });
    const result = (await check(body)).json() as GoldenSetCheck;
    expect(result.auto_failed).toEqual({ draft: 1, current: 0 });
    expect((await check(draft())).json()).toMatchObject({ auto_failed: { draft: 0, current: 0 } });
  });

  it('answers with nothing compared when the campaign has no validated conversation', async () => {
    const campaign = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: as(owner),
      payload: { name: 'Nothing validated', language: 'en' },
    });
    const empty = await t.app.inject({
      url: `/api/campaigns/${campaign.json().id}/evaluation-grid`,
      headers: as(owner),
    });
    const response = await check(
      { sections: [{ name: 'S', items: [{ name: 'Greets', type: 'binary_item', rules: greets }] }] },
      owner,
      empty.json().id,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      validated_conversations: 0,
      conversations_checked: 0,
      current_version: null,
      items: [{ item_id: null, draft: { compared: 0, rate: null }, current: null }],
      totals: { current: null },
      auto_failed: { draft: 0, current: null },
    });
  });

  it('refuses a draft as publishing does, and those who may not publish', async () => {
    const missing = await check({ additional_scores: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBeTruthy();
    const body = draft();
    body.sections[0]!.items[1]!.id = ids.a;
    const twice = await check(body);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: expect.stringContaining('sections.0.items.1.id') }),
      ]),
    );
    const unknownId = draft();
    unknownId.sections[0]!.items[3]!.id = '019a0000-0000-7000-8000-00000000beef';
    expect((await check(unknownId)).statusCode).toBe(422);
    expect((await check(draft(), agent)).statusCode).toBe(403);
    expect((await check(draft(), outsider)).statusCode).toBe(403);
    expect((await check(draft(), owner, '019a0000-0000-7000-8000-00000000beef')).statusCode).toBe(404);
  });
});
