// Review assignments: conversations given by hand to a reviewer (never twice, never to their own agent), listed by
// due time with their total, paged, skipped by their reviewer, reassigned and rescheduled by the campaign's
// managers, and seen only by their reviewer and those managers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewAssignment } from '../../../contract/reviews';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  addCampaign,
  addConversation,
  addEvaluation,
  addEvaluationGrid,
  addOrganisation,
  addUser,
} from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const now = Math.floor(Date.now() / 1000);
const day = 24 * 60 * 60;

interface Page {
  items: ReviewAssignment[];
  next_start_after: string | null;
  total: number | null;
}

describe.each(testDatabaseKinds)('review assignments API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let campaign: string;
  let otherCampaign: string;
  let foreignConversation: string;
  let reviewer: string;
  let secondReviewer: string;
  const conversations: string[] = [];
  let reviewersOwnConversation: string;
  let otherCampaignConversation: string;

  const call = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(tokens[who] ?? ''),
      ...(payload === undefined ? {} : { payload }),
    });

  const assign = async (payload: object, who = 'owner') => {
    const response = await call(who, 'POST', '/reviews/assignments', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ReviewAssignment[];
  };

  const list = async (who: string, query = '') => {
    const response = await call(who, 'GET', `/reviews/assignments${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    reviewer = await addUser(db, { organisationId: demoOrganisation.id, email: 'reviewer@demo.test' });
    secondReviewer = await addUser(db, { organisationId: demoOrganisation.id, email: 'second@demo.test' });
    const plainEditor = await addUser(db, { organisationId: demoOrganisation.id, email: 'plain@demo.test' });
    campaign = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Queue',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner' },
        { userId: reviewer, role: 'editor', policy: { can_edit_settings: true } },
        { userId: secondReviewer, role: 'editor', policy: { can_edit_settings: true } },
        { userId: plainEditor, role: 'editor' },
        { userId: demoUsers.agent.id, role: 'viewer' },
      ],
    });
    otherCampaign = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Other queue',
      members: [{ userId: demoUsers.supervisor.id, role: 'owner' }],
    });
    for (let index = 0; index < 4; index += 1) {
      conversations.push(await addConversation(db, { campaignId: campaign, agentId: demoUsers.agent.id }));
    }
    reviewersOwnConversation = await addConversation(db, { campaignId: campaign, agentId: reviewer });
    otherCampaignConversation = await addConversation(db, {
      campaignId: otherCampaign,
      agentId: demoUsers.agent.id,
    });
    const elsewhere = await addOrganisation(db, 'Queues Elsewhere');
    const outsider = await addUser(db, { organisationId: elsewhere, email: 'outsider@else.test' });
    const foreignCampaign = await addCampaign(db, {
      organisationId: elsewhere,
      name: 'Foreign',
      members: [{ userId: outsider, role: 'owner' }],
    });
    foreignConversation = await addConversation(db, { campaignId: foreignCampaign, agentId: outsider });
    for (const [name, email] of [
      ['owner', demoUsers.supervisor.email],
      ['reviewer', 'reviewer@demo.test'],
      ['second', 'second@demo.test'],
      ['plain', 'plain@demo.test'],
      ['agent', demoUsers.agent.email],
      ['admin', demoUsers.admin.email],
      ['outsider', 'outsider@else.test'],
    ] as const) {
      tokens[name] = await t.accessToken(email);
    }
  });
  afterAll(() => t.close());

  it('gives conversations to a reviewer once, with what the queue shows', async () => {
    const [first, second] = conversations;
    const given = await assign({
      conversation_ids: [first, second],
      reviewer_id: reviewer,
      due_at: now + day,
    });
    expect(given).toHaveLength(2);
    expect(given[0]).toMatchObject({
      campaign: { id: campaign, name: 'Queue' },
      conversation: { id: first, type: 'call', agent: { id: demoUsers.agent.id } },
      reviewer: { id: reviewer, name: 'reviewer' },
      rule: null,
      status: 'pending',
      due_at: now + day,
      overdue: false,
      done_at: null,
      skip_reason: null,
    });
    const again = await assign({ conversation_ids: [second, first], reviewer_id: reviewer });
    expect(again.map((assignment) => assignment.id)).toEqual([given[1]?.id, given[0]?.id]);
  });

  it('lists a reviewer’s own by due time, overdue first and none last, with the total, page after page', async () => {
    const [, , third, fourth] = conversations;
    await assign({ conversation_ids: [third], reviewer_id: reviewer, due_at: now - day });
    await assign({ conversation_ids: [fourth], reviewer_id: reviewer, due_at: null });
    const all = await list('reviewer');
    expect(all.total).toBe(4);
    expect(all.items.map((assignment) => assignment.conversation.id)).toEqual([
      third,
      conversations[0],
      conversations[1],
      fourth,
    ]);
    expect(all.items.map((assignment) => assignment.overdue)).toEqual([true, false, false, false]);

    const pages: string[] = [];
    let startAfter: string | null = null;
    do {
      const page: Page = await list('reviewer', `?limit=1${startAfter ? `&start_after=${startAfter}` : ''}`);
      expect(page.total).toBe(startAfter ? null : 4);
      pages.push(...page.items.map((assignment) => assignment.id));
      startAfter = page.next_start_after;
    } while (startAfter);
    expect(pages).toEqual(all.items.map((assignment) => assignment.id));
    expect((await list('second')).total).toBe(0);
  });

  it('shows a campaign’s assignments to its managers only', async () => {
    expect((await list('owner', `?campaign=${campaign}`)).total).toBe(4);
    expect((await list('owner', `?campaign=${campaign}&reviewer=${reviewer}&status=pending`)).total).toBe(4);
    expect((await list('admin', `?reviewer=${reviewer}`)).total).toBe(4);
    expect((await list('plain', `?campaign=${campaign}&reviewer=me`)).total).toBe(0);
    expect((await call('plain', 'GET', `/reviews/assignments?campaign=${campaign}`)).statusCode).toBe(403);
    expect(
      (await call('plain', 'GET', `/reviews/assignments?campaign=${campaign}&reviewer=${reviewer}`))
        .statusCode,
    ).toBe(403);
    expect((await call('owner', 'GET', `/reviews/assignments?reviewer=${reviewer}`)).statusCode).toBe(403);
    expect(
      (await call('outsider', 'GET', `/reviews/assignments?campaign=${campaign}&reviewer=${reviewer}`))
        .statusCode,
    ).toBe(404);
    expect((await call('agent', 'GET', '/reviews/assignments')).statusCode).toBe(403);
  });

  it('refuses what cannot be given, saying why', async () => {
    const refused = async (payload: object, status: number, who = 'owner') => {
      const response = await call(who, 'POST', '/reviews/assignments', payload);
      expect(response.statusCode, response.body).toBe(status);
      return response.json() as { detail: string; errors?: { path: string; message: string }[] };
    };
    const plain = await refused(
      { conversation_ids: [conversations[0]], reviewer_id: demoUsers.agent.id },
      400,
    );
    expect(plain.errors).toEqual([
      { path: 'reviewer_id', message: 'This user cannot review in this campaign' },
    ]);
    const own = await refused({ conversation_ids: [reviewersOwnConversation], reviewer_id: reviewer }, 400);
    expect(own.detail).toBe('A conversation cannot be given to its own agent');
    await refused(
      { conversation_ids: [conversations[0], otherCampaignConversation], reviewer_id: reviewer },
      400,
    );
    await refused({ conversation_ids: [foreignConversation], reviewer_id: reviewer }, 404);
    await refused({ conversation_ids: [conversations[0]], reviewer_id: reviewer }, 403, 'plain');
    await refused({ conversation_ids: [], reviewer_id: reviewer }, 400);
    await refused({ conversation_ids: [conversations[0], conversations[0]], reviewer_id: reviewer }, 400);
    await refused({ conversation_ids: [conversations[0]], reviewer_id: reviewer }, 403, 'agent');
  });

  it('lets the reviewer skip their own, and the managers reassign and reschedule', async () => {
    const [mine] = await assign({ conversation_ids: [conversations[0]], reviewer_id: secondReviewer });
    const url = `/reviews/assignments/${mine?.id}`;
    expect((await call('plain', 'PATCH', url, { status: 'skipped' })).statusCode).toBe(404);

    const rescheduled = await call('owner', 'PATCH', url, { due_at: now + 2 * day });
    expect(rescheduled.json()).toMatchObject({ due_at: now + 2 * day, reviewer: { id: secondReviewer } });
    const reassigned = await call('owner', 'PATCH', url, { reviewer_id: reviewer });
    expect(reassigned.json()).toMatchObject({ reviewer: { id: reviewer } });
    expect((await call('owner', 'PATCH', url, { reviewer_id: demoUsers.agent.id })).statusCode).toBe(400);
    expect((await call('owner', 'PATCH', url, {})).statusCode).toBe(400);
    expect((await call('owner', 'PATCH', url, { skip_reason: 'No audio' })).statusCode).toBe(400);

    const skipped = await call('reviewer', 'PATCH', url, { status: 'skipped', skip_reason: 'No audio' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ status: 'skipped', skip_reason: 'No audio', overdue: false });
    // A page loaded before the skip ended at it: the next page still starts where it stood.
    const nextPage = await list('reviewer', `?status=pending&start_after=${mine?.id}`);
    expect(nextPage.items.map((assignment) => assignment.conversation.id)).toEqual([conversations[3]]);
    expect((await call('owner', 'PATCH', url, { due_at: null })).statusCode).toBe(409);
    expect(
      (
        await call('owner', 'PATCH', '/reviews/assignments/019a0000-0000-7000-8000-00000000dead', {
          due_at: null,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is done once its conversation is validated, and back in the pool when its reviewer may no longer review', async () => {
    const { db } = t.database;
    await addEvaluationGrid(db, campaign, demoUsers.supervisor.id);
    const evaluated = await addConversation(db, { campaignId: campaign, agentId: demoUsers.agent.id });
    await addEvaluation(db, { ...t.app.context, log: t.app.log }, { id: evaluated, campaignId: campaign });
    const [validated] = await assign({ conversation_ids: [evaluated], reviewer_id: secondReviewer });
    const [released] = await assign({ conversation_ids: [conversations[1]], reviewer_id: secondReviewer });

    const validation = await call('owner', 'POST', `/conversations/${evaluated}/evaluation/validate`);
    expect(validation.statusCode, validation.body).toBe(200);
    const done = await list('second', '?status=done');
    expect(done.items.map((assignment) => assignment.id)).toEqual([validated?.id]);
    expect(done.items[0]?.done_at).toBeGreaterThanOrEqual(now);

    const demoted = await call('owner', 'PUT', `/campaigns/${campaign}/users/${secondReviewer}/role`, {
      role: 'viewer',
      policy: {},
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const everyone = await list('owner', `?campaign=${campaign}&status=pending`);
    expect(everyone.items.find((assignment) => assignment.id === released?.id)?.reviewer).toBeNull();
    expect((await list('second', '?status=pending')).total).toBe(0);
  });
});
