// The organisations API: the admin's list with counts and search, creation, one organisation, its users by
// role, its campaigns, and invitations into it with or without a mail.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../../contract/campaigns';
import type { OrganisationSummary } from '../../../contract/organisations';
import type { InvitationResult, User } from '../../../contract/users';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addUser } from '../../fixtures/records';
import { bearer, createTestApp, publicUrl, type TestApp } from '../../fixtures/test-app';

interface Page<Item> {
  items: Item[];
  next_start_after: string | null;
}

describe.each(testDatabaseKinds)('organisations API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let supervisor2: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, supervisor, supervisor2] = await Promise.all([
      t.accessToken(demoUsers.admin.email),
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.supervisor2.email),
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin) => t.app.inject({ url, headers: bearer(token) });
  const post = (url: string, payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const outboxFiles = () => readdir(path.join(t.config.dataDir, 'outbox')).catch(() => []);

  it('creates organisations with unique names, whatever the case', async () => {
    const created = await post('/api/organisations', { name: ' Acme Support ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Acme Support', user_count: 0, campaign_count: 0 });
    const again = await post('/api/organisations', { name: 'ACME SUPPORT' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already exists/);
    expect((await post('/api/organisations', { name: '' })).statusCode).toBe(400);
  });

  // Other tests invite users and add campaigns, so the counted and listed organisations are built here.
  it('lists organisations with their counts, by search and page', async () => {
    const { db } = t.database;
    const { id } = (await post('/api/organisations', { name: 'Beta Calls' })).json() as OrganisationSummary;
    const [lead] = await Promise.all([
      addUser(db, { organisationId: id, email: 'lead@beta.test' }),
      addUser(db, { organisationId: id, email: 'agent@beta.test', role: 'agent' }),
    ]);
    await addCampaign(db, {
      organisationId: id,
      name: 'Beta Care',
      members: [{ userId: lead, role: 'owner' }],
    });
    const all = (await get('/api/organisations')).json() as Page<OrganisationSummary>;
    expect(all.items.find((organisation) => organisation.id === id)).toMatchObject({
      name: 'Beta Calls',
      user_count: 2,
      campaign_count: 1,
    });
    expect(all.items.find((organisation) => organisation.id === demoOrganisation.id)).toMatchObject({
      name: 'Demo Contact Center',
    });
    expect(
      ((await get('/api/organisations?q=calls')).json() as Page<OrganisationSummary>).items,
    ).toMatchObject([{ name: 'Beta Calls' }]);
    const first = (await get('/api/organisations?limit=1')).json() as Page<OrganisationSummary>;
    const next = (
      await get(`/api/organisations?limit=1&start_after=${first.next_start_after}`)
    ).json() as Page<OrganisationSummary>;
    expect(next.items[0]?.id).not.toBe(first.items[0]?.id);
  });

  it('shows an organisation to admins and to its own supervisors', async () => {
    expect((await get(`/api/organisations/${demoOrganisation.id}`, supervisor2)).json()).toMatchObject({
      id: demoOrganisation.id,
      name: 'Demo Contact Center',
    });
    const { id } = (await post('/api/organisations', { name: 'Gamma' })).json() as OrganisationSummary;
    expect((await get(`/api/organisations/${id}`, supervisor)).statusCode).toBe(404);
    expect((await get(`/api/organisations/${id}`)).statusCode).toBe(200);
  });

  it("lists an organisation's users by role and search", async () => {
    const { db } = t.database;
    const { id } = (await post('/api/organisations', { name: 'Zeta' })).json() as OrganisationSummary;
    // Created one after the other, so in the order of their ids, as the list is.
    for (const user of [
      { email: 'lead@zeta.test', name: 'Léa Lead', role: 'supervisor' },
      { email: 'paul@zeta.test', name: 'Paul Petit', role: 'agent' },
      { email: 'coach@zeta.test', name: 'Carl Coach', role: 'supervisor' },
      { email: 'agent3@zeta.test', name: 'Anna Agent', role: 'agent' },
    ] as const) {
      await addUser(db, { organisationId: id, ...user });
    }
    const lead = await t.accessToken('lead@zeta.test');
    const url = `/api/organisations/${id}/users`;
    const emails = async (query: string) =>
      ((await get(`${url}${query}`, lead)).json() as Page<User>).items.map((user) => user.email);
    expect(await emails('?role=agent')).toEqual(['paul@zeta.test', 'agent3@zeta.test']);
    expect(await emails('?role=supervisor')).toEqual(['lead@zeta.test', 'coach@zeta.test']);
    expect(await emails('?q=PETIT')).toEqual(['paul@zeta.test']);
    expect(await emails('?q=agent3@')).toEqual(['agent3@zeta.test']);
    expect((await get(`${url}?role=admin`, lead)).statusCode).toBe(400);
  });

  it('creates campaigns in an organisation without an owner, and lists them', async () => {
    const { id } = (await post('/api/organisations', { name: 'Delta' })).json() as OrganisationSummary;
    const created = await post(`/api/organisations/${id}/campaigns`, { name: 'Delta Care', language: 'fr' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      organisation_id: id,
      name: 'Delta Care',
      language: 'fr',
      member_count: 0,
      my_role: null,
      created_by: demoUsers.admin.id,
    });
    const listed = (await get(`/api/organisations/${id}/campaigns`)).json() as Page<Campaign>;
    expect(listed.items.map((campaign) => campaign.name)).toEqual(['Delta Care']);
    expect((await get(`/api/organisations/${id}`)).json()).toMatchObject({ campaign_count: 1 });
    const demo = (
      await get(`/api/organisations/${demoOrganisation.id}/campaigns?q=service`)
    ).json() as Page<Campaign>;
    expect(demo.items.map((campaign) => campaign.name)).toEqual(['Service Client']);
  });

  it('invites with a mail, or hands the link back when no mail is sent', async () => {
    const { id } = (await post('/api/organisations', { name: 'Epsilon' })).json() as OrganisationSummary;
    const mailsBefore = (await outboxFiles()).length;
    const quiet = await post(`/api/organisations/${id}/users/invite?send_invite_email=false`, {
      name: 'Quiet Agent',
      email: 'Quiet@Epsilon.test',
      role: 'agent',
    });
    expect(quiet.statusCode).toBe(201);
    const result = quiet.json() as InvitationResult;
    expect(result.user).toMatchObject({
      email: 'quiet@epsilon.test',
      organisation_id: id,
      role: 'agent',
      status: 'invited',
    });
    expect(result.invitation_url).toMatch(new RegExp(`^${publicUrl}/auth/invitations/[\\w-]+$`));
    expect((await outboxFiles()).length).toBe(mailsBefore);
    expect((await t.app.inject({ url: new URL(result.invitation_url ?? '').pathname })).statusCode).toBe(200);

    const mailed = await post(`/api/organisations/${id}/users/invite`, {
      name: 'Mailed Supervisor',
      email: 'mailed@epsilon.test',
      role: 'supervisor',
    });
    expect(mailed.json()).toMatchObject({ invitation_url: null, user: { role: 'supervisor' } });
    expect((await outboxFiles()).length).toBe(mailsBefore + 1);

    expect((await get(`/api/organisations/${id}`)).json()).toMatchObject({ user_count: 2 });
    const duplicate = await post(`/api/organisations/${id}/users/invite`, {
      name: 'Again',
      email: 'mailed@epsilon.test',
      role: 'agent',
    });
    expect(duplicate.statusCode).toBe(409);
    const badFlag = await post(`/api/organisations/${id}/users/invite?send_invite_email=maybe`, {
      name: 'X',
      email: 'x@epsilon.test',
      role: 'agent',
    });
    expect(badFlag.statusCode).toBe(400);
  });

  it('lets supervisors with can_edit_users_access invite into their own organisation only', async () => {
    const invitee = { name: 'Colleague', email: 'colleague@demo.local', role: 'agent' };
    const own = await post(`/api/organisations/${demoOrganisation.id}/users/invite`, invitee, supervisor);
    expect(own.statusCode).toBe(201);
    const refused = await post(
      `/api/organisations/${demoOrganisation.id}/users/invite`,
      { ...invitee, email: 'another@demo.local' },
      supervisor2,
    );
    expect(refused.statusCode).toBe(403);
  });
});
