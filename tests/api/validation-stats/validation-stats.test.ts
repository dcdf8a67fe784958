// The validation statistics (`GET /dashboards/graphs/evaluations/items/validation-stats`) on a small fixed data
// set whose figures are counted by hand: per item, language, engine and week, the validated answers that stayed
// the engine's, were changed by a person, or had no engine answer; test and unvalidated conversations left out;
// the time range, agents and agent scope applied; bad parameters and unreadable campaigns refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { evaluations } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  addCampaign,
  addConversation,
  addEvaluation,
  addOrganisation,
  addUser,
  turn,
} from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const at = (iso: string) => new Date(iso);
const week1 = '2026-03-02';
const week2 = '2026-03-09';

describe.each(testDatabaseKinds)('validation statistics on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let agent: string;
  let outsider: string;
  let foreigner: string;
  let campaignId: string;
  const item = { greets: '', goodbye: '', cause: '' };

  const stats = (token: string, query: string) =>
    t.app.inject({
      url: `/api/dashboards/graphs/evaluations/items/validation-stats?${query}`,
      headers: bearer(token),
    });
  const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/conversations/${url}`, headers: bearer(owner), payload });

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web', LOG_LEVEL: 'error' });
    const { db } = t.database;
    const services = { ...t.app.context, log: t.app.log };
    await addUser(db, { organisationId: demoOrganisation.id, email: 'outsider.stats@demo.local' });
    const foreignOrg = await addOrganisation(db, 'Foreign stats');
    await addUser(db, { organisationId: foreignOrg, email: 'supervisor@stats.local' });
    campaignId = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Statistics',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner', policy: { can_edit_settings: true } },
        { userId: demoUsers.agent.id, role: 'viewer' },
        { userId: demoUsers.agent2.id, role: 'viewer' },
      ],
    });
    owner = await t.accessToken(demoUsers.supervisor.email);
    agent = await t.accessToken(demoUsers.agent.email);
    outsider = await t.accessToken('outsider.stats@demo.local');
    foreigner = await t.accessToken('supervisor@stats.local');

    const grid = await t.app.inject({
      url: `/api/campaigns/${campaignId}/evaluation-grid`,
      headers: bearer(owner),
    });
    const rules = (phrase: string) => ({ any_of: [phrase], speaker: 'agent' });
    const published = await t.app.inject({
      method: 'PATCH',
      url: `/api/evaluation-grids/${grid.json().id}`,
      headers: bearer(owner),
      payload: {
        sections: [
          {
            name: 'Manners',
            items: [
              { name: 'Greets', type: 'binary_item', rules: rules('hello') },
              { name: 'Says goodbye', type: 'binary_item', rules: rules('goodbye') },
              {
                name: 'Explains the cause',
                type: 'multiple_levels_item',
                levels: [
                  { name: 'No', score: 0 },
                  { name: 'Yes', score: 100 },
                ],
              },
            ],
          },
        ],
      },
    });
    const [greets, goodbye, cause] = published.json().sections[0].items;
    Object.assign(item, { greets: greets.id, goodbye: goodbye.id, cause: cause.id });

    const chat = async (agentId: string, startedAt: Date, lines: string[], more = {}) => {
      const id = await addConversation(db, {
        campaignId,
        agentId,
        type: 'chat',
        startedAt,
        turns: lines.map((line) => turn('agent', line)),
        ...more,
      });
      await addEvaluation(db, services, { id, campaignId });
      return id;
    };
    const validate = (id: string) => call('POST', `${id}/evaluation/validate`);
    const answer = (id: string, itemId: string, value: unknown, itemType = 'binary_item') =>
      call('PUT', `${id}/evaluation/items/${itemId}`, {
        evaluation_item: { value },
        item_type: itemType,
        comment: 'Checked',
      });

    // c1 (week 1, en, rules): greets yes, goodbye no, validated untouched.
    const c1 = await chat(demoUsers.agent.id, at('2026-03-04T10:00:00Z'), ['Hello there']);
    await validate(c1);
    // c2 (week 1 on its last evening, en, made by the llm engine): goodbye turned from yes to no, the cause given.
    const c2 = await chat(demoUsers.agent2.id, at('2026-03-08T23:30:00Z'), ['Hello', 'goodbye']);
    await db.update(evaluations).set({ engine: 'llm' }).where(eq(evaluations.conversationId, c2));
    await answer(c2, item.goodbye, 'no');
    await answer(c2, item.cause, 1, 'multiple_levels_item');
    await validate(c2);
    // c3 (week 2 from its first minutes, fr): greets turned to yes then back to the engine's no.
    const c3 = await chat(demoUsers.agent.id, at('2026-03-09T00:30:00Z'), ['Bonjour'], { language: 'fr' });
    await answer(c3, item.greets, 'yes');
    await answer(c3, item.greets, 'no');
    await validate(c3);
    // Never counted: an evaluation not validated, a validated test conversation, one validated then changed.
    await chat(demoUsers.agent.id, at('2026-03-05T10:00:00Z'), ['Hello']);
    const test = await chat(demoUsers.agent.id, at('2026-03-05T11:00:00Z'), ['Hello'], { isTest: true });
    await validate(test);
    const reopened = await chat(demoUsers.agent.id, at('2026-03-05T12:00:00Z'), ['Hello']);
    await validate(reopened);
    await answer(reopened, item.greets, 'no');
  });
  afterAll(() => t.close());

  const cell = (
    itemId: string,
    language: string,
    engine: string,
    week: string,
    [agreed, changed, unanswered]: [number, number, number],
  ) => ({ item_id: itemId, language, engine, week, agreed, changed, unanswered });

  it('counts, per item, language, engine and week, the final answers that are the engine’s', async () => {
    const response = await stats(owner, `campaigns=${campaignId}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.conversations).toBe(3);
    expect(body.items).toEqual([
      { id: item.greets, name: 'Greets', type: 'binary_item', section_name: 'Manners' },
      { id: item.goodbye, name: 'Says goodbye', type: 'binary_item', section_name: 'Manners' },
      { id: item.cause, name: 'Explains the cause', type: 'multiple_levels_item', section_name: 'Manners' },
    ]);
    expect(body.cells).toHaveLength(9);
    expect(body.cells).toEqual(
      expect.arrayContaining([
        cell(item.greets, 'en', 'rules', week1, [1, 0, 0]),
        cell(item.goodbye, 'en', 'rules', week1, [1, 0, 0]),
        cell(item.cause, 'en', 'rules', week1, [0, 0, 1]),
        cell(item.greets, 'en', 'llm', week1, [1, 0, 0]),
        cell(item.goodbye, 'en', 'llm', week1, [0, 1, 0]),
        cell(item.cause, 'en', 'llm', week1, [0, 0, 1]),
        cell(item.greets, 'fr', 'rules', week2, [1, 0, 0]),
        cell(item.goodbye, 'fr', 'rules', week2, [1, 0, 0]),
        cell(item.cause, 'fr', 'rules', week2, [0, 0, 1]),
      ]),
    );
  });

  it('keeps to the time range and the agents asked for', async () => {
    const fromWeek2 = await stats(
      owner,
      `campaigns=${campaignId}&startTs=${Date.parse('2026-03-09T00:00:00Z') / 1000}`,
    );
    expect(fromWeek2.json().conversations).toBe(1);
    expect(new Set(fromWeek2.json().cells.map((row: { week: string }) => row.week))).toEqual(
      new Set([week2]),
    );
    const untilWeek1 = await stats(
      owner,
      `campaigns=${campaignId}&endTs=${Date.parse('2026-03-08T23:59:59Z') / 1000}`,
    );
    expect(untilWeek1.json().conversations).toBe(2);
    const ofAgent2 = await stats(owner, `campaigns=${campaignId}&agents=${demoUsers.agent2.id}`);
    expect(ofAgent2.json().conversations).toBe(1);
    expect(ofAgent2.json().cells).toHaveLength(3);
  });

  it('shows an agent only their own conversations', async () => {
    const response = await stats(agent, `campaigns=${campaignId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().conversations).toBe(2);
    expect(response.json().cells.every((row: { engine: string }) => row.engine === 'rules')).toBe(true);
  });

  it('reads several campaigns at once, each named once', async () => {
    const response = await stats(owner, `campaigns=${campaignId}&campaigns=${campaignId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().conversations).toBe(3);
  });

  it('refuses bad parameters with 400', async () => {
    for (const query of [
      '',
      'campaigns=not-an-id',
      `campaigns=${campaignId}&startTs=soon`,
      `campaigns=${campaignId}&startTs=20&endTs=10`,
      `campaigns=${campaignId}&agents=nobody`,
    ]) {
      const response = await stats(owner, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail).toBeTypeOf('string');
    }
  });

  it('refuses campaigns the caller cannot read', async () => {
    expect((await stats(foreigner, `campaigns=${campaignId}`)).statusCode).toBe(404);
    expect((await stats(outsider, `campaigns=${campaignId}`)).statusCode).toBe(403);
    expect((await stats(owner, `campaigns=019a0000-0000-7000-8000-00000000ffff`)).statusCode).toBe(404);
  });
});
