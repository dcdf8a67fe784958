// Grid drafts: saving the editor's form without publishing, reading it back with who saved it, replacing and
// discarding it, publishing clearing it, bad input and unknown ids refused with a detail, and only those who may
// publish the grid reaching its draft.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  EvaluationGrid,
  EvaluationGridDraft,
  EvaluationGridDraftState,
} from '../../../contract/evaluation-grids';
import { demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';
import { addGridCampaign } from './grid-campaign';

const published = {
  sections: [
    {
      name: 'Greeting',
      items: [{ name: 'Greets the customer', type: 'binary_item', rules: { any_of: ['hello'] } }],
    },
  ],
};

describe.each(testDatabaseKinds)('evaluation grid drafts API on %s', (kind) => {
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
    const campaign = await addGridCampaign(t, 'draft');
    campaignId = campaign.campaignId;
    ({ owner, editor, agent, plainEditor, viewer, outsider } = campaign.tokens);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'PATCH', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const draftOf = (gridId: string, token = owner) =>
    call('GET', `/api/evaluation-grids/${gridId}/draft`, token);
  const saveDraft = (gridId: string, payload: object, token = owner) =>
    call('PUT', `/api/evaluation-grids/${gridId}/draft`, token, payload);
  const discard = (gridId: string, token = owner) =>
    call('DELETE', `/api/evaluation-grids/${gridId}/draft`, token);
  const publish = (gridId: string, payload: object, token = owner) =>
    call('PATCH', `/api/evaluation-grids/${gridId}`, token, payload);

  /** The home campaign's grid, published once, with no draft. */
  async function freshGrid(): Promise<EvaluationGrid> {
    const { id } = (
      await call('GET', `/api/campaigns/${campaignId}/evaluation-grid`, owner)
    ).json<EvaluationGrid>();
    await discard(id);
    return (await publish(id, published)).json<EvaluationGrid>();
  }

  /** The published grid with a critical item added, as the editor's form sends it. */
  const withCriticalItem = (grid: EvaluationGrid) => ({
    sections: [
      {
        ...grid.sections[0]!,
        items: [
          ...grid.sections[0]!.items,
          { name: 'Reads the legal notice', type: 'binary_item', critical: true },
        ],
      },
    ],
    additional_scores: [],
  });

  it('answers no draft for a grid that has none', async () => {
    const grid = await freshGrid();
    const response = await draftOf(grid.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<EvaluationGridDraftState>()).toEqual({ draft: null });
  });

  it('saves a draft without publishing and answers it with who saved it and when', async () => {
    const grid = await freshGrid();
    const before = Math.floor(Date.now() / 1000);
    const saved = await saveDraft(grid.id, withCriticalItem(grid));
    expect(saved.statusCode).toBe(200);
    const draft = saved.json<EvaluationGridDraft>();
    expect(draft.updated_by).toEqual({ id: demoUsers.supervisor.id, name: demoUsers.supervisor.name });
    expect(draft.updated_at).toBeGreaterThanOrEqual(before - 1);
    const items = draft.sections[0]!.items;
    expect(items.map((item) => [item.id, item.name, item.critical])).toEqual([
      [grid.sections[0]!.items[0]!.id, 'Greets the customer', false],
      // A new item keeps no id until it is published.
      [undefined, 'Reads the legal notice', true],
    ]);
    expect((await draftOf(grid.id)).json<EvaluationGridDraftState>().draft).toEqual(draft);
    const current = await call('GET', `/api/campaigns/${campaignId}/evaluation-grid`, owner);
    expect(current.json<EvaluationGrid>().version).toBe(grid.version);
    expect(current.json<EvaluationGrid>().sections[0]!.items).toHaveLength(1);
  });

  it('keeps one draft per grid: a second save replaces the first, by whoever saved it', async () => {
    const grid = await freshGrid();
    await saveDraft(grid.id, withCriticalItem(grid));
    const renamed = { sections: [{ ...grid.sections[0]!, name: 'Opening' }], additional_scores: [] };
    expect((await saveDraft(grid.id, renamed, editor)).statusCode).toBe(200);
    const { draft } = (await draftOf(grid.id)).json<EvaluationGridDraftState>();
    expect(draft?.sections.map((section) => section.name)).toEqual(['Opening']);
    expect(draft?.sections[0]!.items).toHaveLength(1);
    expect(draft?.updated_by?.name).toBe('draft.editor');
  });

  it('discards the draft, and discarding none is no error', async () => {
    const grid = await freshGrid();
    await saveDraft(grid.id, withCriticalItem(grid));
    expect((await discard(grid.id)).statusCode).toBe(204);
    expect((await draftOf(grid.id)).json<EvaluationGridDraftState>()).toEqual({ draft: null });
    expect((await discard(grid.id)).statusCode).toBe(204);
  });

  it('clears the draft when the grid is published, whatever is published', async () => {
    const grid = await freshGrid();
    const draft = withCriticalItem(grid);
    await saveDraft(grid.id, draft);
    const next = await publish(grid.id, draft);
    expect(next.statusCode).toBe(200);
    expect(next.json<EvaluationGrid>().sections[0]!.items).toHaveLength(2);
    expect((await draftOf(grid.id)).json<EvaluationGridDraftState>()).toEqual({ draft: null });
  });

  it.each([
    ['a section without a name', { sections: [{ name: '', items: [] }] }, 'sections'],
    ['an unknown field', { sections: [], colour: 'red' }, 'colour'],
    [
      'a composed item without sub-items',
      { sections: [{ name: 'S', items: [{ name: 'C', type: 'composed_item', sub_items: [] }] }] },
      'sub_items',
    ],
  ])(
    'refuses a draft with %s with 400 and a detail, keeping the draft it had',
    async (_case, payload, named) => {
      const grid = await freshGrid();
      await saveDraft(grid.id, withCriticalItem(grid));
      const response = await saveDraft(grid.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Invalid request');
      expect(JSON.stringify(response.json().errors)).toContain(named);
      expect(
        (await draftOf(grid.id)).json<EvaluationGridDraftState>().draft?.sections[0]!.items,
      ).toHaveLength(2);
    },
  );

  it('refuses a draft naming an id the grid never used with 422 and a detail', async () => {
    const grid = await freshGrid();
    const response = await saveDraft(grid.id, {
      sections: [{ id: newId(), name: 'Greeting', items: [] }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContain('not one this grid has used');
    expect((await draftOf(grid.id)).json<EvaluationGridDraftState>()).toEqual({ draft: null });
  });

  it('lets only owners, editors with can_edit_settings and admins reach the draft, and hides foreign grids', async () => {
    const grid = await freshGrid();
    const draft = withCriticalItem(grid);
    await saveDraft(grid.id, draft);
    for (const token of [agent, plainEditor, viewer]) {
      expect((await draftOf(grid.id, token)).statusCode).toBe(403);
      expect((await saveDraft(grid.id, draft, token)).statusCode).toBe(403);
      expect((await discard(grid.id, token)).statusCode).toBe(403);
    }
    for (const response of [
      await draftOf(grid.id, outsider),
      await saveDraft(grid.id, draft, outsider),
      await discard(grid.id, outsider),
      await draftOf(newId()),
      await saveDraft(newId(), draft),
      await discard(newId()),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await draftOf(grid.id)).json<EvaluationGridDraftState>().draft?.sections[0]!.items).toHaveLength(
      2,
    );
    const admin = await t.accessToken(demoUsers.admin.email);
    expect((await draftOf(grid.id, admin)).statusCode).toBe(200);
    expect((await draftOf(grid.id, editor)).statusCode).toBe(200);
  });

  it('documents the draft routes and shapes in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, object>>;
      components: { schemas: Record<string, object> };
    };
    expect(Object.keys(document.paths['/api/evaluation-grids/{id}/draft'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'put',
    ]);
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['EvaluationGridDraft', 'EvaluationGridDraftState']),
    );
  });
});
