// What /api/health says of the evaluation engine: the rules engine without a provider, the provider's model and
// host with one (nothing is asked of the provider to say so).
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../fixtures/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const evaluationHealth = async (environment: NodeJS.ProcessEnv) => {
  t = await createTestApp('pglite', environment);
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  return response.json().engines.evaluation;
};

describe('evaluation engine health', () => {
  it('names the rules engine without a provider', async () => {
    expect(await evaluationHealth({})).toEqual({
      status: 'ok',
      detail: 'rules (local: items without rules are not evaluated)',
    });
  });

  it('names the provider model and host, falling back on AI_MODEL', async () => {
    expect(
      await evaluationHealth({
        EVALUATION_BASE_URL: 'http://judge.internal:8000/v1',
        AI_MODEL: 'judge-model',
      }),
    ).toEqual({ status: 'ok', detail: 'llm judge-model at judge.internal:8000' });
  });
});
