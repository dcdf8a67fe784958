// The campaigns API: who lists what, search and pages, creation, changes, deletion with everything in it,
// duplication, and the metadata keys per campaign.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../../contract/campaigns';
import { demoCampaigns, demoOrganisation, demoUsers } from '../../../server/demo/data';
import { campaignMembers, campaigns, conversations } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addConversation, addOrganisation, addUser } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

interface Page {
  items: Campaign[];
  next_start_after: string | null;
}

describe.each(testDatabaseKinds)('campaigns API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let supervisor2: string;
  let agent: string;
  let otherCampaign: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, supervisor, supervisor2, agent] = await Promise.all([
      t.accessToken(demoUsers.admin.email),
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.supervisor2.email),
      t.accessToken(demoUsers.agent.email),
    ]);
    const otherOrg = await addOrganisation(t.database.db, 'Other Org');
    const otherSupervisor = await addUser(t.database.db, {
      organisationId: otherOrg,
      email: 'boss@other.local',
    });
    otherCampaign = await addCampaign(t.database.db, {
      organisationId: otherOrg,
      name: 'Other Care',
      members: [{ userId: otherSupervisor, role: 'owner' }],
    });
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const names = async (url: string, token: string) =>
    ((await get(url, token)).json() as Page).items.map((campaign) => campaign.name);

  // Other tests create and copy campaigns, so these two build campaigns of their own, in organisations of
  // their own, and compare the admin's list with the table rather than with a fixed list.
  it('lists every campaign for admins and only their memberships in their organisation for others', async () => {
    const { db } = t.database;
    const listingOrg = await addOrganisation(db, 'Listing Org');
    const elsewhere = await addOrganisation(db, 'Elsewhere Org');
    const [lead, helper] = await Promise.all([
      addUser(db, { organisationId: listingOrg, email: 'lead@listing.local' }),
      addUser(db, { organisationId: listingOrg, email: 'helper@listing.local' }),
    ]);
    await addCampaign(db, {
      organisationId: listingOrg,
      name: 'Listing Alpha',
      members: [
        { userId: lead, role: 'owner' },
        { userId: helper, role: 'viewer' },
      ],
    });
    await addCampaign(db, {
      organisationId: listingOrg,
      name: 'Listing Beta',
      members: [{ userId: lead, role: 'owner' }],
    });
    await addCampaign(db, { organisationId: listingOrg, name: 'Listing Gamma' });
    // A membership in another organisation's campaign does not list it.
    await addCampaign(db, {
      organisationId: elsewhere,
      name: 'Listing Abroad',
      members: [{ userId: lead, role: 'owner' }],
    });
    const [leadToken, helperToken] = await Promise.all([
      t.accessToken('lead@listing.local'),
      t.accessToken('helper@listing.local'),
    ]);

    const everyCampaign = await db.select({ name: campaigns.name }).from(campaigns).orderBy(campaigns.id);
    expect(await names('/api/campaigns', admin)).toEqual(everyCampaign.map((campaign) => campaign.name));
    expect(everyCampaign.map((campaign) => campaign.name)).toEqual(
      expect.arrayContaining([
        'Customer Care',
        'Service Client',
        'Other Care',
        'Listing Gamma',
        'Listing Abroad',
      ]),
    );
    expect(await names('/api/campaigns', leadToken)).toEqual(['Listing Alpha', 'Listing Beta']);
    expect(await names('/api/campaigns', helperToken)).toEqual(['Listing Alpha']);
    const forAgent = ((await get('/api/campaigns', agent)).json() as Page).items;
    expect(forAgent.find((campaign) => campaign.id === demoCampaigns.customerCare.id)).toMatchObject({
      organisation_id: demoOrganisation.id,
      description: demoCampaigns.customerCare.description,
      language: 'en',
      logo_url: null,
      member_count: 4,
      my_role: 'viewer',
    });
    expect(forAgent.some((campaign) => campaign.id === demoCampaigns.serviceClient.id)).toBe(false);
    expect(forAgent.some((campaign) => campaign.id === otherCampaign)).toBe(false);
  });

  it('searches names case-insensitively, taking % and _ literally, and pages by id', async () => {
    const searchOrg = await addOrganisation(t.database.db, 'Search Org');
    for (const name of ['Sift 50% Off', 'sift 50 off', 'Sift_Desk']) {
      await addCampaign(t.database.db, { organisationId: searchOrg, name });
    }
    expect(await names('/api/campaigns?q=SIFT', admin)).toEqual(['Sift 50% Off', 'sift 50 off', 'Sift_Desk']);
    // As LIKE patterns, "50%" would also match "50 off" and "_" any character.
    expect(await names('/api/campaigns?q=sift%2050%25', admin)).toEqual(['Sift 50% Off']);
    expect(await names('/api/campaigns?q=sift_', admin)).toEqual(['Sift_Desk']);
    const first = (await get('/api/campaigns?q=sift&limit=2', admin)).json() as Page;
    expect(first.items.map((campaign) => campaign.name)).toEqual(['Sift 50% Off', 'sift 50 off']);
    const second = (
      await get(`/api/campaigns?q=sift&limit=2&start_after=${first.next_start_after}`, admin)
    ).json() as Page;
    expect(second).toMatchObject({ items: [{ name: 'Sift_Desk' }], next_start_after: null });
  });

  it('creates a campaign in the caller organisation, owned by its creator', async () => {
    const response = await send('POST', '/api/campaigns', supervisor, { name: '  Retention  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Retention',
      description: '',
      language: 'en',
      organisation_id: demoOrganisation.id,
      created_by: demoUsers.supervisor.id,
      member_count: 1,
      my_role: 'owner',
    });
    const french = await send('POST', '/api/campaigns', admin, {
      name: 'Fidélisation',
      description: 'Appels sortants',
      language: 'fr',
    });
    expect(french.json()).toMatchObject({ language: 'fr', description: 'Appels sortants', my_role: 'owner' });
  });

  it('refuses bad campaign input', async () => {
    for (const payload of [
      {},
      { name: ' ' },
      { name: 'x'.repeat(121) },
      { name: 'X', language: 'de' },
      { name: 'X', extra: 1 },
    ]) {
      expect((await send('POST', '/api/campaigns', supervisor, payload)).statusCode).toBe(400);
    }
    const id = demoCampaigns.customerCare.id;
    expect((await send('PATCH', `/api/campaigns/${id}`, supervisor, {})).statusCode).toBe(400);
    expect((await get('/api/campaigns/not-an-id', supervisor)).statusCode).toBe(400);
    expect((await get('/api/campaigns/019a0000-0000-7000-8000-00000000ffff', admin)).statusCode).toBe(404);
  });

  it('changes name, description and language for those who edit settings', async () => {
    const { id } = (await send('POST', '/api/campaigns', supervisor, { name: 'Draft' })).json() as Campaign;
    const changed = await send('PATCH', `/api/campaigns/${id}`, supervisor, {
      name: 'Final',
      description: 'Now described',
      language: 'fr',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id, name: 'Final', description: 'Now described', language: 'fr' });
    expect((await get(`/api/campaigns/${id}`, supervisor)).json()).toMatchObject({ name: 'Final' });
  });

  it('deletes a campaign with its members and conversations', async () => {
    const { db } = t.database;
    const { id } = (
      await send('POST', '/api/campaigns', supervisor, { name: 'Short-lived' })
    ).json() as Campaign;
    await db.insert(campaignMembers).values({ campaignId: id, userId: demoUsers.agent.id, role: 'viewer' });
    await addConversation(db, { campaignId: id, agentId: demoUsers.agent.id });
    expect((await send('DELETE', `/api/campaigns/${id}`, agent)).statusCode).toBe(403);

    expect((await send('DELETE', `/api/campaigns/${id}`, supervisor)).statusCode).toBe(204);
    expect((await get(`/api/campaigns/${id}`, supervisor)).statusCode).toBe(404);
    expect(await db.select().from(campaignMembers).where(eq(campaignMembers.campaignId, id))).toEqual([]);
    expect(await db.select().from(conversations).where(eq(conversations.campaignId, id))).toEqual([]);
  });

  it('duplicates settings and members, never conversations, and the copier owns the copy', async () => {
    const { db } = t.database;
    await db
      .update(campaigns)
      .set({ settings: { phases: ['greeting', 'closing'] } })
      .where(eq(campaigns.id, demoCampaigns.customerCare.id));
    // supervisor2 reads Customer Care as a viewer; with can_create_campaign they may copy it.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${demoUsers.supervisor2.id}`,
      headers: bearer(admin),
      payload: { policy: { can_create_campaign: true } },
    });
    const response = await send(
      'POST',
      `/api/campaigns/${demoCampaigns.customerCare.id}/duplicate`,
      supervisor2,
    );
    expect(response.statusCode).toBe(201);
    const copy = response.json() as Campaign;
    expect(copy).toMatchObject({
      name: 'Customer Care (copy)',
      description: demoCampaigns.customerCare.description,
      language: 'en',
      organisation_id: demoOrganisation.id,
      created_by: demoUsers.supervisor2.id,
      member_count: 4,
      my_role: 'owner',
    });
    expect(copy.id).not.toBe(demoCampaigns.customerCare.id);
    const [stored] = await db.select().from(campaigns).where(eq(campaigns.id, copy.id));
    expect(stored?.settings).toEqual({ phases: ['greeting', 'closing'] });
    const roles = await db
      .select({ userId: campaignMembers.userId, role: campaignMembers.role })
      .from(campaignMembers)
      .where(eq(campaignMembers.campaignId, copy.id));
    expect(new Map(roles.map((member) => [member.userId, member.role]))).toEqual(
      new Map([
        [demoUsers.supervisor.id, 'owner'],
        [demoUsers.supervisor2.id, 'owner'],
        [demoUsers.agent.id, 'viewer'],
        [demoUsers.agent2.id, 'viewer'],
      ]),
    );
    expect(await db.select().from(conversations).where(eq(conversations.campaignId, copy.id))).toEqual([]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${demoUsers.supervisor2.id}`,
      headers: bearer(admin),
      payload: { policy: {} },
    });
  });

  it('lets an admin copy a campaign of another organisation without joining it', async () => {
    const response = await send('POST', `/api/campaigns/${otherCampaign}/duplicate`, admin);
    expect(response.json()).toMatchObject({ name: 'Other Care (copy)', member_count: 1, my_role: null });
  });

  it('names the metadata keys of each readable campaign, from the conversations the caller sees', async () => {
    const { db } = t.database;
    const { id: quiet } = (
      await send('POST', '/api/campaigns', supervisor, { name: 'Quiet' })
    ).json() as Campaign;
    await addConversation(db, {
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent2.id,
      metadata: { order_number: 'A-1' },
    });
    await addConversation(db, {
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
      metadata: { test_only: 'yes' },
      isTest: true,
    });
    const forSupervisor = (await get('/api/campaigns-metadatas', supervisor)).json() as {
      campaign_id: string;
      keys: string[];
    }[];
    expect(forSupervisor.find((entry) => entry.campaign_id === demoCampaigns.customerCare.id)?.keys).toEqual([
      'channel',
      'order_number',
      'product',
      'region',
    ]);
    expect(forSupervisor.find((entry) => entry.campaign_id === quiet)?.keys).toEqual([]);
    expect(forSupervisor.some((entry) => entry.campaign_id === otherCampaign)).toBe(false);

    // The agent's own conversations name fewer keys: another agent's order number stays hidden.
    const forAgent = (await get('/api/campaigns-metadatas', agent)).json() as typeof forSupervisor;
    expect(forAgent.find((entry) => entry.campaign_id === demoCampaigns.customerCare.id)?.keys).toEqual([
      'channel',
      'product',
      'region',
    ]);
    expect(forAgent.some((entry) => entry.campaign_id === quiet)).toBe(false);
  });
});
