// The campaign's evaluation settings through the API: which engine evaluates its conversations (the LLM by default
// when the server has a provider, else the rules; the LLM refused without one) and whether items with rules stay
// with the rules engine; the other settings are kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const url = `/api/campaigns/${demoCampaigns.customerCare.id}`;

describe.each(testDatabaseKinds)('campaign evaluation settings on %s', (kind) => {
  let local: TestApp;
  let withProvider: TestApp;

  const call = async (t: TestApp, method: 'GET' | 'PATCH', payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await t.accessToken(demoUsers.supervisor.email)),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    local = await createTestApp(kind);
    // Nothing is asked of the provider here: its address only has to be configured.
    withProvider = await createTestApp(kind, {
      EVALUATION_BASE_URL: 'http://127.0.0.1:9/v1',
      EVALUATION_MODEL: 'judge-model',
    });
  });
  afterAll(async () => {
    await local.close();
    await withProvider.close();
  });

  it('uses the rules without a provider and refuses the LLM there', async () => {
    expect((await call(local, 'GET')).json()).toMatchObject({
      evaluation_engine: 'rules',
      evaluation_force_rules: false,
      llm_evaluation_available: false,
    });
    const refused = await call(local, 'PATCH', { evaluation_engine: 'llm' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ detail: 'No evaluation provider is configured on this server' });
    const forced = await call(local, 'PATCH', { evaluation_force_rules: true, evaluation_engine: 'rules' });
    expect(forced.json()).toMatchObject({ evaluation_engine: 'rules', evaluation_force_rules: true });
    const bad = await call(local, 'PATCH', { evaluation_engine: 'magic' });
    expect(bad.statusCode).toBe(400);
  });

  it('uses the LLM by default with a provider, keeps a choice of the rules, and keeps the topics', async () => {
    expect((await call(withProvider, 'GET')).json()).toMatchObject({
      evaluation_engine: 'llm',
      llm_evaluation_available: true,
    });
    const topicsBefore = (
      await withProvider.app.inject({
        url: `${url}/topics`,
        headers: bearer(await withProvider.accessToken(demoUsers.supervisor.email)),
      })
    ).json();
    expect((await call(withProvider, 'PATCH', { evaluation_engine: 'rules' })).json()).toMatchObject({
      evaluation_engine: 'rules',
      auto_evaluate: true,
    });
    expect((await call(withProvider, 'PATCH', { auto_evaluate: false })).json()).toMatchObject({
      evaluation_engine: 'rules',
      auto_evaluate: false,
    });
    expect((await call(withProvider, 'PATCH', { evaluation_engine: 'llm' })).json()).toMatchObject({
      evaluation_engine: 'llm',
      auto_evaluate: false,
    });
    const topicsAfter = await withProvider.app.inject({
      url: `${url}/topics`,
      headers: bearer(await withProvider.accessToken(demoUsers.supervisor.email)),
    });
    expect(topicsAfter.json()).toEqual(topicsBefore);
  });
});
