// Evaluation grids: a campaign's empty grid, publishing versions (ids made, kept, refused when unknown), older
// versions and items still readable, bad input refused with a detail, who may read and publish, and a campaign's
// copy taking its grid along.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationGrid } from '../../../contract/evaluation-grids';
import { demoCampaigns, demoOrganisation, demoUsers } from '../../../server/demo/data';
import { customerCareGrid, serviceClientGrid } from '../../../server/demo/grids';
import { newId } from '../../../server/db/ids';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';
import { addGridCampaign } from './grid-campaign';

/** A grid with one item of each type, rules, a critical item and an additional score: what a supervisor sends. */
const firstDraft = {
  sections: [
    {
      name: 'Greeting',
      items: [
        {
          name: 'Greets the customer',
          description: 'The agent says hello in the first turns.',
          type: 'binary_item',
          weight: 2,
          critical: false,
          allow_na: false,
          rules: {
            any_of: ['hello', 'good morning'],
            speaker: 'agent',
            within_first_turns: 2,
            absent: false,
          },
        },
        {
          name: 'Tone',
          type: 'multiple_levels_item',
          levels: [
            { name: 'Cold', score: 0 },
            { name: 'Warm', description: 'Friendly throughout', score: 100 },
          ],
        },
      ],
    },
    {
      name: 'Resolution',
      items: [
        {
          name: 'Checks identity',
          type: 'composed_item',
          critical: true,
          sub_items: [
            { name: 'Asks the date of birth', rules: { any_of: ['date of birth'], speaker: 'agent' } },
            { name: 'Asks the postcode' },
          ],
        },
      ],
    },
  ],
  additional_scores: [],
};

describe.each(testDatabaseKinds)('evaluation grids API on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let editor: string;
  let agent: string;
  let plainEditor: string;
  let viewer: string;
  let outsider: string;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const campaign = await addGridCampaign(t, 'grid');
    campaignId = campaign.campaignId;
    ({ owner, editor, agent, plainEditor, viewer, outsider } = campaign.tokens);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
  const gridOf = (campaign: string, token = owner) =>
    get(`/api/campaigns/${campaign}/evaluation-grid`, token);
  const publish = (gridId: string, token: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/evaluation-grids/${gridId}`,
      headers: bearer(token),
      payload,
    });
  /** A fresh campaign owned by the demo supervisor, with its grid published from `draft`. */
  async function publishedGrid(draft: object = firstDraft): Promise<EvaluationGrid> {
    const id = await addCampaign(t.database.db, {
      organisationId: demoOrganisation.id,
      name: 'Grid scratch',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner' },
        { userId: demoUsers.agent.id, role: 'viewer' },
      ],
    });
    const empty = (await gridOf(id)).json<EvaluationGrid>();
    const response = await publish(empty.id, owner, draft);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it('answers a campaign without a grid an empty one at version 0, the same grid every time', async () => {
    const first = await gridOf(campaignId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      campaign_id: campaignId,
      version: 0,
      sections: [],
      additional_scores: [],
    });
    expect((await gridOf(campaignId, agent)).json().id).toBe(first.json().id);
  });

  it('publishes a version with new ids and the defaults filled in, and answers it from then on', async () => {
    const { id: gridId } = (await gridOf(campaignId)).json<EvaluationGrid>();
    const response = await publish(gridId, editor, firstDraft);
    expect(response.statusCode).toBe(200);
    const grid = response.json<EvaluationGrid>();
    expect(grid).toMatchObject({ id: gridId, campaign_id: campaignId, version: 1 });
    const [greeting, resolution] = grid.sections;
    expect(greeting?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(greeting?.items[0]).toMatchObject({
      name: 'Greets the customer',
      weight: 2,
      rules: { any_of: ['hello', 'good morning'], speaker: 'agent', within_first_turns: 2, absent: false },
    });
    expect(greeting?.items[1]).toMatchObject({
      description: '',
      weight: 1,
      critical: false,
      allow_na: false,
    });
    expect(resolution?.items[0]).toMatchObject({
      type: 'composed_item',
      critical: true,
      sub_items: [
        { name: 'Asks the date of birth', description: '', rules: { speaker: 'agent', absent: false } },
        { name: 'Asks the postcode', description: '' },
      ],
    });
    const ids = JSON.stringify(grid).match(/"id":"[^"]+"/g) ?? [];
    expect(new Set(ids).size).toBe(ids.length);
    expect((await gridOf(campaignId, viewer)).json()).toEqual(grid);
  });

  it('keeps the ids given, makes new ones for what has none, and keeps older versions readable', async () => {
    const v1 = await publishedGrid();
    const [greeting, resolution] = v1.sections;
    const greets = greeting!.items[0]!;
    const identity = resolution!.items[0]!;
    const draft = {
      sections: [
        {
          ...greeting,
          items: [
            { ...greets, name: 'Greets the customer warmly' },
            { name: 'Says their name', type: 'binary_item' },
          ],
        },
        resolution,
      ],
      additional_scores: [{ name: 'Compliance', item_ids: [greets.id, identity.id] }],
    };
    const response = await publish(v1.id, owner, draft);
    expect(response.statusCode).toBe(200);
    const v2 = response.json<EvaluationGrid>();
    expect(v2.version).toBe(2);
    expect(v2.sections[0]?.id).toBe(greeting!.id);
    expect(v2.sections[0]?.items[0]).toMatchObject({ id: greets.id, name: 'Greets the customer warmly' });
    expect(v2.sections[0]?.items[1]?.id).not.toBe(greeting!.items[1]!.id);
    expect(v2.sections[1]).toEqual(resolution);
    expect(v2.additional_scores).toMatchObject([{ name: 'Compliance', item_ids: [greets.id, identity.id] }]);

    expect((await get(`/api/evaluation-grids/${v1.id}/versions/1`, agent)).json()).toEqual(v1);
    expect((await get(`/api/evaluation-grids/${v1.id}/versions/2`, agent)).json()).toEqual(v2);
    const versions = (await get(`/api/evaluation-grids/${v1.id}/versions`, agent)).json();
    expect(versions.map((row: { version: number }) => row.version)).toEqual([2, 1, 0]);
    expect(versions[0]).toMatchObject({ created_by: demoUsers.supervisor.id });
    expect((await get(`/api/evaluation-grids/${v1.id}/versions/3`, owner)).statusCode).toBe(404);

    const item = (query = '') => get(`/api/evaluation-grids/${v1.id}/items/${greets.id}${query}`, agent);
    expect((await item()).json()).toEqual(v2.sections[0]?.items[0]);
    expect((await item('?version=1')).json()).toEqual(greets);
    const removedLater = greeting!.items[1]!.id;
    expect((await get(`/api/evaluation-grids/${v1.id}/items/${removedLater}`, owner)).statusCode).toBe(404);
    expect(
      (await get(`/api/evaluation-grids/${v1.id}/items/${removedLater}?version=1`, owner)).statusCode,
    ).toBe(200);

    // An id the grid used once may come back, with its statistics.
    const v3 = await publish(v1.id, owner, { sections: [{ ...greeting }], additional_scores: [] });
    expect(v3.json().sections[0].items[1].id).toBe(removedLater);
  });

  it('gives two publications at once two versions', async () => {
    const v1 = await publishedGrid();
    const both = await Promise.all([publish(v1.id, owner, firstDraft), publish(v1.id, owner, firstDraft)]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(both.map((response) => response.json().version).sort()).toEqual([2, 3]);
    const versions = (await get(`/api/evaluation-grids/${v1.id}/versions`, owner)).json();
    expect(versions.map((row: { version: number }) => row.version)).toEqual([3, 2, 1, 0]);
  });

  it('refuses ids the grid has never used, or used for something else, with 422 and a detail', async () => {
    const grid = await publishedGrid();
    const section = grid.sections[0]!;
    const cases = [
      { sections: [{ ...section, id: newId() }] },
      { sections: [{ ...section, items: [{ ...section.items[0], id: grid.sections[1]!.id }] }] },
      {
        sections: [
          {
            ...section,
            items: [{ ...section.items[0], id: (await publishedGrid()).sections[0]!.items[0]!.id }],
          },
        ],
      },
    ];
    for (const draft of cases) {
      const response = await publish(grid.id, owner, draft);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toMatch(/is not one this grid has used/);
    }
    expect((await gridOf(grid.campaign_id)).json()).toEqual(grid);
  });

  const binary = { name: 'Item', type: 'binary_item' };
  const oneSection = (item: object) => ({ sections: [{ name: 'Section', items: [item] }] });
  const twice = newId();
  it.each([
    ['an unknown field', { ...oneSection(binary), theme: 'dark' }, 'theme'],
    ['an unknown field in an item', oneSection({ ...binary, colour: 'red' }), 'colour'],
    ['no sections', { additional_scores: [] }, 'sections'],
    ['an unknown item type', oneSection({ ...binary, type: 'star_item' }), 'type'],
    ['a weight of 0', oneSection({ ...binary, weight: 0 }), 'greater than 0'],
    [
      'a multiple-levels item without levels',
      oneSection({ ...binary, type: 'multiple_levels_item', levels: [] }),
      'at least one level',
    ],
    [
      'a level scored over 100',
      oneSection({ ...binary, type: 'multiple_levels_item', levels: [{ name: 'Top', score: 101 }] }),
      'levels',
    ],
    [
      'a composed item without sub-items',
      oneSection({ ...binary, type: 'composed_item', sub_items: [] }),
      'at least one sub-item',
    ],
    [
      'rules on a multiple-levels item',
      oneSection({
        ...binary,
        type: 'multiple_levels_item',
        levels: [{ name: 'A', score: 1 }],
        rules: { any_of: ['hi'] },
      }),
      'rules',
    ],
    ['a rule without phrases', oneSection({ ...binary, rules: { any_of: [] } }), 'any_of'],
    ['a phrase of punctuation', oneSection({ ...binary, rules: { any_of: ['?!'] } }), 'letter or a digit'],
    [
      'a window of 0 turns',
      oneSection({ ...binary, rules: { any_of: ['hi'], within_first_turns: 0 } }),
      'within_first_turns',
    ],
    [
      'two windows',
      oneSection({ ...binary, rules: { any_of: ['hi'], within_first_turns: 2, within_last_turns: 2 } }),
      'not both',
    ],
    ['an unknown speaker', oneSection({ ...binary, rules: { any_of: ['hi'], speaker: 'bot' } }), 'speaker'],
    [
      'na_unless_any_of without allow_na',
      oneSection({ ...binary, rules: { any_of: ['hi'], na_unless_any_of: ['refund'] } }),
      'allows N/A',
    ],
    ['a name of 201 characters', oneSection({ ...binary, name: 'x'.repeat(201) }), 'name'],
    [
      'a description of 2001 characters',
      oneSection({ ...binary, description: 'x'.repeat(2001) }),
      'description',
    ],
    ['an empty name', oneSection({ ...binary, name: '  ' }), 'name'],
    ['51 sections', { sections: Array.from({ length: 51 }, () => ({ name: 'S', items: [] })) }, 'sections'],
    ['201 items', { sections: [{ name: 'S', items: Array.from({ length: 201 }, () => binary) }] }, 'items'],
    [
      '201 items over two sections',
      {
        sections: [100, 101].map((count) => ({
          name: 'S',
          items: Array.from({ length: count }, () => binary),
        })),
      },
      'at most 200 items',
    ],
    [
      'one id twice',
      { sections: [{ id: twice, name: 'S', items: [{ ...binary, id: twice }] }] },
      'used twice',
    ],
    [
      'an additional score naming no item of the grid',
      { ...oneSection(binary), additional_scores: [{ name: 'Extra', item_ids: [newId()] }] },
      'not an item of the grid',
    ],
    [
      'an additional score without items',
      { ...oneSection(binary), additional_scores: [{ name: 'Extra', item_ids: [] }] },
      'item_ids',
    ],
  ])('refuses %s with 400 and a detail', async (_case, payload, named) => {
    const { id, version } = (await gridOf(campaignId)).json<EvaluationGrid>();
    const response = await publish(id, owner, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Invalid request');
    expect(JSON.stringify(response.json().errors)).toContain(named);
    expect((await gridOf(campaignId)).json().version).toBe(version);
  });

  it('lets readers read, only owners, editors with can_edit_settings and admins publish, and hides foreign grids', async () => {
    const grid = await publishedGrid();
    const itemId = grid.sections[0]!.items[0]!.id;
    const { id: homeGridId } = (await gridOf(campaignId)).json<EvaluationGrid>();
    const reads = [
      `/api/evaluation-grids/${grid.id}/items/${itemId}`,
      `/api/evaluation-grids/${grid.id}/versions`,
      `/api/evaluation-grids/${grid.id}/versions/1`,
      `/api/campaigns/${grid.campaign_id}/evaluation-grid`,
    ];
    for (const url of reads) {
      expect((await get(url, owner)).statusCode).toBe(200);
      expect((await get(url, outsider)).statusCode).toBe(404);
    }
    for (const token of [agent, plainEditor, viewer]) {
      expect((await gridOf(campaignId, token)).statusCode).toBe(200);
      expect((await publish(homeGridId, token, firstDraft)).statusCode).toBe(403);
    }
    expect((await publish(homeGridId, outsider, firstDraft)).statusCode).toBe(404);
    expect((await publish(newId(), owner, firstDraft)).statusCode).toBe(404);
    expect((await get(`/api/evaluation-grids/${newId()}/versions`, owner)).statusCode).toBe(404);
    const admin = await t.accessToken(demoUsers.admin.email);
    expect((await publish(homeGridId, admin, firstDraft)).statusCode).toBe(200);
  });

  it("copies a campaign's current grid, ids included, as version 1 of the copy's grid", async () => {
    const v1 = await publishedGrid();
    const v2 = (
      await publish(v1.id, owner, { sections: v1.sections.slice(0, 1), additional_scores: [] })
    ).json();
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${v1.campaign_id}/duplicate`,
      headers: bearer(owner),
    });
    expect(copy.statusCode).toBe(201);
    const copied = (await gridOf(copy.json().id)).json<EvaluationGrid>();
    expect(copied.id).not.toBe(v1.id);
    expect(copied).toMatchObject({ campaign_id: copy.json().id, version: 1 });
    expect({ sections: copied.sections, additional_scores: copied.additional_scores }).toEqual({
      sections: v2.sections,
      additional_scores: v2.additional_scores,
    });
    // The copy's grid goes its own way: the original's ids stay its own to keep.
    const edited = await publish(copied.id, owner, { sections: copied.sections, additional_scores: [] });
    expect(edited.json().version).toBe(2);
    expect((await gridOf(v1.campaign_id)).json()).toEqual(v2);
  });

  it('gives the copy of a campaign that never published a grid an empty grid', async () => {
    const source = await addCampaign(t.database.db, {
      organisationId: demoOrganisation.id,
      name: 'Never graded',
      members: [{ userId: demoUsers.supervisor.id, role: 'owner' }],
    });
    await gridOf(source);
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${source}/duplicate`,
      headers: bearer(owner),
    });
    expect(copy.statusCode).toBe(201);
    expect((await gridOf(copy.json().id)).json()).toMatchObject({ version: 0, sections: [] });
  });

  it('answers the demo campaigns their grids, in their languages', async () => {
    const english = (await gridOf(demoCampaigns.customerCare.id)).json<EvaluationGrid>();
    const french = (await gridOf(demoCampaigns.serviceClient.id)).json<EvaluationGrid>();
    expect(english).toMatchObject({ version: 1, ...customerCareGrid });
    expect(french).toMatchObject({ version: 1, ...serviceClientGrid });
  });

  it('documents the grid routes and shapes in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, object>;
      components: { schemas: Record<string, object> };
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/campaigns/{id}/evaluation-grid',
        '/api/evaluation-grids/{id}',
        '/api/evaluation-grids/{id}/items/{itemId}',
        '/api/evaluation-grids/{id}/versions/{version}',
      ]),
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'EvaluationGrid',
        'EvaluationItem',
        'EvaluationRules',
        'PublishEvaluationGrid',
      ]),
    );
  });
});
