// A campaign's review rules: written whole and read back in order, changed and deleted by id, refused with a detail
// per field when a rule or a reviewer is not the campaign's, and read or written only by the people who may edit
// the campaign's settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewRule } from '../../../contract/reviews';
import { and, eq } from 'drizzle-orm';
import { campaignMembers, users } from '../../../server/db/schema';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addOrganisation, addUser } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('review rules API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let campaign: string;
  let otherCampaign: string;
  let editorWithSettings: string;
  let editorWithout: string;
  let outsider: string;

  const call = async (who: string, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(tokens[who] ?? ''),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const rule = (extra: object = {}) => ({
    name: 'Low scores',
    enabled: true,
    filters: { score: { max: 60 }, types: ['chat'] },
    quota: { per_agent: 3, period: 'week' },
    reviewers: [demoUsers.supervisor.id],
    due_in_days: 5,
    ...extra,
  });

  const put = async (rules: unknown[], who = 'owner') => {
    const response = await call(who, 'PUT', `/campaigns/${campaign}/review-rules`, rules);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReviewRule[];
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    editorWithSettings = await addUser(db, {
      organisationId: demoOrganisation.id,
      email: 'settings@demo.test',
    });
    editorWithout = await addUser(db, { organisationId: demoOrganisation.id, email: 'plain@demo.test' });
    const otherOrganisation = await addOrganisation(db, 'Reviews Elsewhere');
    outsider = await addUser(db, { organisationId: otherOrganisation, email: 'outsider@else.test' });
    campaign = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Reviewed',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner' },
        { userId: editorWithSettings, role: 'editor', policy: { can_edit_settings: true } },
        { userId: editorWithout, role: 'editor' },
        { userId: demoUsers.agent.id, role: 'viewer' },
      ],
    });
    otherCampaign = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Other',
      members: [{ userId: demoUsers.supervisor.id, role: 'owner' }],
    });
    for (const [name, email] of [
      ['owner', demoUsers.supervisor.email],
      ['settings', 'settings@demo.test'],
      ['plain', 'plain@demo.test'],
      ['agent', demoUsers.agent.email],
      ['admin', demoUsers.admin.email],
      ['outsider', 'outsider@else.test'],
    ] as const) {
      tokens[name] = await t.accessToken(email);
    }
  });
  afterAll(() => t.close());

  it('starts with no rule, then keeps the rules written, in their order', async () => {
    const empty = await call('owner', 'GET', `/campaigns/${campaign}/review-rules`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);

    const written = await put([
      rule(),
      rule({
        name: 'Every email',
        quota: { all: true },
        reviewers: [editorWithSettings, demoUsers.supervisor.id],
      }),
      rule({ name: 'A tenth', quota: { percent: 10 }, enabled: false, filters: { needs_review: true } }),
    ]);
    expect(written.map((r) => r.name)).toEqual(['Low scores', 'Every email', 'A tenth']);
    expect(written[1]?.reviewers).toEqual([editorWithSettings, demoUsers.supervisor.id].sort());
    expect(written[2]).toMatchObject({
      enabled: false,
      quota: { percent: 10 },
      filters: { needs_review: true },
    });

    const read = await call('settings', 'GET', `/campaigns/${campaign}/review-rules`);
    expect(read.json()).toEqual(written);
  });

  it('changes the rules named by id, adds those without one and deletes those left out', async () => {
    const [first, second] = await put([rule(), rule({ name: 'Second' }), rule({ name: 'Third' })]);
    const next = await put([
      { ...rule({ name: 'Second, renamed', due_in_days: 2 }), id: second?.id },
      rule({ name: 'New' }),
    ]);
    expect(next.map((r) => r.name)).toEqual(['Second, renamed', 'New']);
    expect(next[0]).toMatchObject({ id: second?.id, due_in_days: 2 });
    expect(next.some((r) => r.id === first?.id)).toBe(false);
    expect(await put([])).toEqual([]);
  });

  it('refuses rules and reviewers that are not the campaign’s, naming each, and keeps what was there', async () => {
    const [kept] = await put([rule()]);
    const [foreignRule] = await (async () => {
      const response = await call('owner', 'PUT', `/campaigns/${otherCampaign}/review-rules`, [rule()]);
      return response.json() as ReviewRule[];
    })();
    const response = await call('owner', 'PUT', `/campaigns/${campaign}/review-rules`, [
      { ...rule(), id: foreignRule?.id },
      rule({ reviewers: [demoUsers.supervisor.id, editorWithout, demoUsers.agent.id, outsider] }),
    ]);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { detail: string; errors: { path: string }[] };
    expect(body.errors.map((error) => error.path)).toEqual([
      '0.id',
      '1.reviewers.1',
      '1.reviewers.2',
      '1.reviewers.3',
    ]);
    const read = await call('owner', 'GET', `/campaigns/${campaign}/review-rules`);
    expect((read.json() as ReviewRule[]).map((r) => r.id)).toEqual([kept?.id]);
  });

  it('refuses malformed rules with a 400', async () => {
    for (const bad of [
      [rule({ quota: { per_agent: 0, period: 'week' } })],
      [rule({ quota: { percent: 10, all: true } })],
      [rule({ reviewers: [] })],
      [rule({ name: ' ' })],
      [rule({ filters: { q: 'refund' } })],
      [rule({ due_in_days: 0 })],
      Array.from({ length: 21 }, () => rule()),
    ]) {
      const response = await call('owner', 'PUT', `/campaigns/${campaign}/review-rules`, bad);
      expect(response.statusCode, JSON.stringify(bad).slice(0, 200)).toBe(400);
      expect(response.json()).toHaveProperty('detail');
    }
  });

  it('is for the people who may edit the campaign’s settings', async () => {
    const url = `/campaigns/${campaign}/review-rules`;
    expect((await call('admin', 'GET', url)).statusCode).toBe(200);
    expect((await call('settings', 'PUT', url, [])).statusCode).toBe(200);
    for (const who of ['plain', 'agent']) {
      expect((await call(who, 'GET', url)).statusCode).toBe(403);
      expect((await call(who, 'PUT', url, [])).statusCode).toBe(403);
    }
    expect((await call('outsider', 'GET', url)).statusCode).toBe(404);
    expect((await call('outsider', 'PUT', url, [])).statusCode).toBe(404);
  });

  it('lists who may review in the campaign, by name, to the people who manage its reviews', async () => {
    const url = `/campaigns/${campaign}/reviewers`;
    const listed = await call('settings', 'GET', url);
    expect(listed.statusCode).toBe(200);
    const reviewers = listed.json() as { id: string; name: string; email: string }[];
    expect(reviewers.map((reviewer) => reviewer.id).sort()).toEqual(
      [demoUsers.supervisor.id, editorWithSettings].sort(),
    );
    expect(reviewers.find((reviewer) => reviewer.id === editorWithSettings)?.email).toBe(
      'settings@demo.test',
    );
    expect((await call('plain', 'GET', url)).statusCode).toBe(403);
    expect((await call('outsider', 'GET', url)).statusCode).toBe(404);
  });

  it('drops a reviewer who leaves the campaign or whose account is disabled', async () => {
    const { db } = t.database;
    const leaving = await addUser(db, { organisationId: demoOrganisation.id, email: 'leaving@demo.test' });
    const disabled = await addUser(db, { organisationId: demoOrganisation.id, email: 'disabled@demo.test' });
    await db.insert(campaignMembers).values(
      [leaving, disabled].map((userId) => ({
        campaignId: campaign,
        userId,
        role: 'editor' as const,
        policy: { can_edit_settings: true },
      })),
    );
    await put([rule({ reviewers: [demoUsers.supervisor.id, leaving, disabled] })]);
    await db
      .delete(campaignMembers)
      .where(and(eq(campaignMembers.campaignId, campaign), eq(campaignMembers.userId, leaving)));
    await db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled));
    await t.app.context.principals.settle();
    const read = await call('owner', 'GET', `/campaigns/${campaign}/review-rules`);
    expect((read.json() as ReviewRule[])[0]?.reviewers).toEqual([demoUsers.supervisor.id]);
  });
});
