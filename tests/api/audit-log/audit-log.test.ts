// The audit log (`GET /audit-log`, its export and `/audit-log/verify`): the entries the real actions write (sign-in
// and its failure, sign-out, impersonation, invitation, role and policy, membership, grid publish, answers,
// validation, exports), who reads them (admins; supervisors with can_view_audit_log, their organisation only),
// filters and keyset pages, the CSV, the chain's verification after a row is altered or removed with SQL,
// concurrent appends, and the retention purge that keeps the chain verifiable.
import { parse } from 'csv-parse/sync';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLogPage, AuditLogVerification } from '../../../contract/audit-log';
import type { EvaluationGrid } from '../../../contract/evaluation-grids';
import { runAuditRetentionPass } from '../../../server/audit-log/retention';
import { systemSource } from '../../../server/audit-log/source';
import { recordAuditEntry } from '../../../server/audit-log/store';
import { auditLog, organisations } from '../../../server/db/schema';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  addCampaign,
  addConversation,
  addOrganisation,
  addStoredEvaluation,
  addUser,
} from '../../fixtures/records';
import { bearer, createTestApp, publicUrl, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('the audit log on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<'admin' | 'supervisor' | 'supervisor2' | 'agent' | 'other', string>;
  let otherOrganisation: string;

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const page = async (token: string, query = '') => {
    const response = await get(token, `/api/audit-log${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditLogPage>();
  };
  const entries = async (query: string) => (await page(tokens.admin, `?limit=200&${query}`)).items;
  const verify = async (organisationId = demoOrganisation.id) => {
    const response = await get(tokens.admin, `/api/audit-log/verify?organisation_id=${organisationId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditLogVerification>();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    otherOrganisation = await addOrganisation(db, 'Audited Elsewhere');
    await addUser(db, {
      organisationId: otherOrganisation,
      email: 'security@elsewhere.test',
      policy: { can_view_audit_log: true },
    });
    tokens = {
      admin: await t.accessToken(demoUsers.admin.email),
      supervisor: await t.accessToken(demoUsers.supervisor.email),
      supervisor2: await t.accessToken(demoUsers.supervisor2.email),
      agent: await t.accessToken(demoUsers.agent.email),
      other: await t.accessToken('security@elsewhere.test'),
    };
  });
  afterAll(() => t?.close());

  it('records sign-in, its failure and sign-out with the address and user agent', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: new URLSearchParams({
        email: demoUsers.agent2.email,
        password: 'not the password',
      }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: publicUrl,
        'user-agent': 'audit-test/1',
      },
    });
    expect(failed.statusCode).toBe(401);
    const cookie = await t.login(demoUsers.agent2.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      cookies: { qm_refresh: cookie },
      headers: { origin: publicUrl },
    });
    expect(out.statusCode).toBe(204);

    const agent2 = `actor_id=${demoUsers.agent2.id}`;
    const [failure] = await entries(`action=auth.sign_in_failed&${agent2}`);
    expect(failure).toMatchObject({
      organisation_id: demoOrganisation.id,
      actor: { type: 'user', id: demoUsers.agent2.id, name: demoUsers.agent2.name },
      target: { type: 'user', id: demoUsers.agent2.id },
      user_agent: 'audit-test/1',
      details: { reason: 'password' },
    });
    expect(failure?.ip).toBeTruthy();
    expect(await entries(`action=auth.sign_in&${agent2}`)).toHaveLength(1);
    expect(await entries(`action=auth.sign_out&${agent2}`)).toHaveLength(1);
  });

  it('records an admin logging in as a user, and what the admin then does as the admin with acting_as', async () => {
    const cookie = await t.login(demoUsers.admin.email);
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      cookies: { qm_refresh: cookie },
      headers: { origin: publicUrl },
      payload: { userId: demoUsers.supervisor.id },
    });
    expect(exchanged.statusCode).toBe(200);
    const [started] = await entries('action=auth.impersonation_started');
    expect(started).toMatchObject({
      actor: { type: 'user', id: demoUsers.admin.id },
      target: { type: 'user', id: demoUsers.supervisor.id },
    });
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: bearer(exchanged.json<{ access_token: string }>().access_token),
      payload: { email: 'invited-while-acting@example.test', name: 'Invited', role: 'agent' },
    });
    expect(invited.statusCode).toBe(201);
    const [invitation] = await entries('action=user.invited');
    expect(invitation).toMatchObject({
      actor: { type: 'user', id: demoUsers.admin.id },
      target: { type: 'user', id: invited.json<{ id: string }>().id },
      details: {
        email: 'invited-while-acting@example.test',
        acting_as: { id: demoUsers.supervisor.id, name: demoUsers.supervisor.name },
      },
    });
  });

  it('records role, policy and status changes with their values before and after', async () => {
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${demoUsers.agent4.id}`,
      headers: bearer(tokens.admin),
      payload: { role: 'supervisor', policy: { can_view_usage: true }, language: 'fr' },
    });
    expect(changed.statusCode).toBe(200);
    const target = `target_type=user&target_id=${demoUsers.agent4.id}`;
    expect((await entries(`action=user.role_changed&${target}`))[0]?.details).toEqual({
      before: 'agent',
      after: 'supervisor',
    });
    expect((await entries(`action=user.policy_changed&${target}`))[0]?.details).toEqual({
      before: {},
      after: { can_view_usage: true },
    });
    // The language is no audited change: no entry says it.
    expect(await entries(`action=user.status_changed&${target}`)).toEqual([]);
  });

  it('records membership changes, grid publish, answer changes, validation and exports', async () => {
    const { db } = t.database;
    const campaign = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Audited campaign',
      members: [{ userId: demoUsers.supervisor.id, role: 'owner' }],
    });
    const asSupervisor = bearer(tokens.supervisor);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign}/users`,
      headers: asSupervisor,
      payload: { user_id: demoUsers.agent.id, role: 'viewer' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/campaigns/${campaign}/users/${demoUsers.agent.id}`,
      headers: asSupervisor,
    });
    expect(removed.statusCode).toBe(204);

    const grid = await get(tokens.supervisor, `/api/campaigns/${campaign}/evaluation-grid`);
    const published = await t.app.inject({
      method: 'PATCH',
      url: `/api/evaluation-grids/${grid.json<EvaluationGrid>().id}`,
      headers: asSupervisor,
      payload: { sections: [{ name: 'Greeting', items: [{ name: 'Greets', type: 'binary_item' }] }] },
    });
    expect(published.statusCode, published.body).toBe(200);
    const publishedGrid = published.json<EvaluationGrid>();
    const itemId = publishedGrid.sections[0]?.items[0]?.id as string;
    const conversation = await addConversation(db, { campaignId: campaign, agentId: demoUsers.agent.id });
    await addStoredEvaluation(db, {
      conversationId: conversation,
      gridId: publishedGrid.id,
      mainScore: 100,
      itemScores: { [itemId]: 100 },
    });
    const evaluation = `/api/conversations/${conversation}/evaluation`;
    for (const [method, url, payload] of [
      [
        'PUT',
        `${evaluation}/items/${itemId}`,
        { evaluation_item: { value: 'no' }, item_type: 'binary_item' },
      ],
      ['POST', `${evaluation}/validate`, undefined],
      ['DELETE', `${evaluation}/validate`, undefined],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: asSupervisor, payload });
      expect(response.statusCode, response.body).toBe(200);
    }
    const exported = await get(
      tokens.supervisor,
      `/api/campaigns/${campaign}/conversations/export?format=csv`,
    );
    expect(exported.statusCode).toBe(200);

    const ofCampaign = `target_type=campaign&target_id=${campaign}`;
    expect((await entries(ofCampaign)).map((entry) => entry.action).reverse()).toEqual([
      'campaign_member.added',
      'campaign_member.removed',
      'export.conversations',
    ]);
    expect(
      (await entries(`action=evaluation_grid.published&target_id=${publishedGrid.id}`))[0]?.details,
    ).toEqual({
      campaign_id: campaign,
      version: 1,
    });
    const ofConversation = await entries(`target_type=conversation&target_id=${conversation}`);
    expect(ofConversation.map((entry) => entry.action).reverse()).toEqual([
      'evaluation.answer_changed',
      'evaluation.validated',
      'evaluation.unvalidated',
    ]);
    expect(ofConversation.at(-1)?.details).toMatchObject({ item_id: itemId, before: 'yes', after: 'no' });
  });

  it('is read by admins and supervisors with can_view_audit_log, each their own organisation only', async () => {
    // A sentinel of the other organisation, which the demo organisation's readers must never see.
    await recordAuditEntry(t.database.db, systemSource, {
      organisationId: otherOrganisation,
      action: 'audit_log.purged',
      details: { sentinel: true },
    });
    const own = await page(tokens.supervisor, '?limit=200');
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((entry) => entry.organisation_id === demoOrganisation.id)).toBe(true);
    const theirs = await page(tokens.other);
    expect(theirs.items.map((entry) => entry.details)).toContainEqual({ sentinel: true });
    expect(theirs.items.every((entry) => entry.organisation_id === otherOrganisation)).toBe(true);
    expect((await page(tokens.admin, `?organisation_id=${otherOrganisation}`)).items).toEqual(theirs.items);

    for (const [token, status] of [
      [tokens.agent, 403],
      [tokens.supervisor2, 403],
    ] as const) {
      for (const path of ['/api/audit-log', '/api/audit-log/verify', '/api/audit-log/export']) {
        expect((await get(token, path)).statusCode).toBe(status);
      }
    }
    expect(
      (await get(tokens.other, `/api/audit-log?organisation_id=${demoOrganisation.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(tokens.supervisor, `/api/audit-log?organisation_id=${otherOrganisation}`)).statusCode,
    ).toBe(404);
  });

  it('filters by period and pages by keyset, newest first', async () => {
    const all = await entries('');
    const pages: AuditEntry[] = [];
    let next: string | null = '';
    while (next !== null) {
      const chunk: AuditLogPage = await page(tokens.admin, `?limit=3${next ? `&start_after=${next}` : ''}`);
      pages.push(...chunk.items);
      next = chunk.next_start_after;
    }
    expect(pages.map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));
    expect(all.map((entry) => entry.sequence)).toEqual(
      [...all.map((entry) => entry.sequence)].sort((a, b) => b - a),
    );
    const newest = all[0]?.at as number;
    expect(await entries(`from=${newest + 1}`)).toEqual([]);
    expect((await entries(`to=${newest}`)).length).toBe(all.length);
  });

  it('refuses bad filters with a 400', async () => {
    for (const query of ['action=nope', 'from=10&to=5', 'limit=0', 'actor_type=robot', 'start_after=x']) {
      const response = await get(tokens.admin, `/api/audit-log?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toHaveProperty('detail');
    }
  });

  it('exports the filtered entries as CSV, oldest first, and logs the export with its filters', async () => {
    const response = await get(tokens.supervisor, '/api/audit-log/export?action=auth.sign_in');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const rows = parse(response.body, { columns: true, bom: true }) as Record<string, string>[];
    const listed = await entries('action=auth.sign_in');
    expect(rows.map((row) => row.id)).toEqual(listed.map((entry) => entry.id).reverse());
    expect(rows[0]).toHaveProperty('hash');
    const [logged] = await entries('action=export.audit_log');
    expect(logged).toMatchObject({
      actor: { id: demoUsers.supervisor.id },
      details: { filters: { action: 'auth.sign_in' } },
    });
  });

  it('keeps one unbroken chain under concurrent appends', async () => {
    const { db } = t.database;
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        recordAuditEntry(db, systemSource, {
          organisationId: demoOrganisation.id,
          action: 'audit_log.purged',
          details: { concurrent: n },
        }),
      ),
    );
    const sequences = (
      await db
        .select({ sequence: auditLog.sequence })
        .from(auditLog)
        .where(eq(auditLog.organisationId, demoOrganisation.id))
        .orderBy(asc(auditLog.sequence))
    ).map((row) => row.sequence);
    expect(sequences).toEqual(sequences.map((_, index) => index + 1));
    expect(await verify()).toMatchObject({ valid: true, checked: sequences.length, broken_at: null });
  });

  it('names the entry where the chain breaks when a row is altered or removed with SQL', async () => {
    const { db } = t.database;
    const organisationId = await addOrganisation(db, 'Tampered');
    for (let n = 0; n < 4; n += 1) {
      await recordAuditEntry(db, systemSource, {
        organisationId,
        action: 'audit_log.purged',
        details: { n },
      });
    }
    expect(await verify(organisationId)).toMatchObject({ valid: true, checked: 4 });
    const rowAt = async (sequence: number) =>
      (
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.sequence, sequence)))
      )[0];
    const second = await rowAt(2);
    await db.execute(sql`update audit_log set details = '{"n": 99}' where id = ${second?.id}`);
    expect(await verify(organisationId)).toEqual({
      valid: false,
      checked: 1,
      first_sequence: 1,
      broken_at: { id: second?.id, sequence: 2, reason: 'content_changed' },
    });
    await db.execute(sql`update audit_log set details = '{"n": 1}' where id = ${second?.id}`);
    expect((await verify(organisationId)).valid).toBe(true);
    const third = await rowAt(3);
    const fourth = await rowAt(4);
    await db.execute(sql`delete from audit_log where id = ${third?.id}`);
    expect((await verify(organisationId)).broken_at).toEqual({
      id: fourth?.id,
      sequence: 4,
      reason: 'sequence_gap',
    });
  });

  it('purges past the retention, logs the purge, and the chain still verifies', async () => {
    const { db } = t.database;
    const organisationId = await addOrganisation(db, 'Retained');
    for (let n = 0; n < 5; n += 1) {
      await recordAuditEntry(db, systemSource, {
        organisationId,
        action: 'audit_log.purged',
        details: { n },
      });
    }
    await db
      .update(organisations)
      .set({ auditRetentionDays: 30 })
      .where(eq(organisations.id, organisationId));
    const rows = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.organisationId, organisationId))
      .orderBy(asc(auditLog.sequence));
    // As if 30 days had passed since the fourth entry: the three before it are older than the retention.
    const fourthAt = rows[3]?.at as Date;
    const purged = await runAuditRetentionPass(db, new Date(fourthAt.getTime() + 30 * 24 * 3600 * 1000));
    const kept = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.organisationId, organisationId))
      .orderBy(asc(auditLog.sequence));
    const count = purged.get(organisationId) as number;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(kept[0]?.sequence).toBe(count + 1);
    expect(kept.at(-1)).toMatchObject({
      action: 'audit_log.purged',
      actorType: 'system',
      details: { count, retention_days: 30, first_kept_sequence: count + 1 },
    });
    expect(await verify(organisationId)).toMatchObject({ valid: true, first_sequence: count + 1 });
    // The first kept row's link to the purged past is what the purge entry vouches for.
    await db.execute(
      sql`update audit_log set previous_hash = ${'f'.repeat(64)}
        where organisation_id = ${organisationId} and sequence = ${count + 1}`,
    );
    expect((await verify(organisationId)).valid).toBe(false);
    expect(purged.has(demoOrganisation.id)).toBe(false);
  });
});
