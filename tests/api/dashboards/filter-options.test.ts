// The home filter bar's options: campaigns, agents and metadata (with the campaigns' labels of its keys), each
// limited to what the caller reads.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { demoCampaigns, demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { campaignMembers, campaigns, conversations, organisations } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const { customerCare, serviceClient } = demoCampaigns;
const named = (...people: { id: string; name: string }[]) => people.map(({ id, name }) => ({ id, name }));

/** The demo campaigns' labels of their metadata keys. */
const labels = {
  channel: { en: 'Channel', fr: 'Canal' },
  product: { en: 'Product', fr: 'Produit' },
  region: { en: 'Region', fr: 'Région' },
};

const everything = {
  campaigns: named(customerCare, serviceClient),
  campaigns_next_start_after: null,
  agents: named(demoUsers.agent4, demoUsers.agent2, demoUsers.agent3, demoUsers.agent),
  metadata: [
    { key: 'channel', label: labels.channel, values: ['app', 'email', 'phone', 'web'] },
    { key: 'product', label: labels.product, values: ['Broadband', 'Mobile', 'TV'] },
    { key: 'region', label: labels.region, values: ['East', 'Île-de-France', 'North', 'Occitanie', 'South'] },
  ],
};

describe.each(testDatabaseKinds)('dashboard filter options on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<'admin' | 'supervisor' | 'supervisor2' | 'agent', string> = {
    admin: '',
    supervisor: '',
    supervisor2: '',
    agent: '',
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) {
      tokens[name] = await t.accessToken(demoUsers[name].email);
    }
  });
  afterAll(() => t.close());

  const filters = (token: string, query = '') =>
    t.app.inject({ url: `/api/dashboards/filters${query}`, headers: bearer(token) });

  it('gives admins and members of every campaign all the options, sorted by name', async () => {
    for (const token of [tokens.admin, tokens.supervisor]) {
      const response = await filters(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(everything);
    }
  });

  it("limits others to the campaigns they are members of, and agents to their own conversations' metadata", async () => {
    expect((await filters(tokens.supervisor2)).json()).toEqual({
      campaigns: named(customerCare),
      campaigns_next_start_after: null,
      agents: named(demoUsers.agent2, demoUsers.agent),
      metadata: [
        { key: 'channel', label: labels.channel, values: ['email', 'phone', 'web'] },
        { key: 'product', label: labels.product, values: ['Broadband', 'Mobile'] },
        { key: 'region', label: labels.region, values: ['East', 'North', 'South'] },
      ],
    });
    expect((await filters(tokens.agent)).json()).toEqual({
      campaigns: named(customerCare),
      campaigns_next_start_after: null,
      agents: named(demoUsers.agent),
      metadata: [
        { key: 'channel', label: labels.channel, values: ['email', 'phone'] },
        { key: 'product', label: labels.product, values: ['Broadband', 'Mobile'] },
        { key: 'region', label: labels.region, values: ['North'] },
      ],
    });
  });

  it('leaves out campaigns and metadata when their flag is false', async () => {
    const query = '?get_campaigns_filter=false&get_metadata_filter=false';
    expect((await filters(tokens.admin, query)).json()).toEqual({
      campaigns: [],
      campaigns_next_start_after: null,
      agents: everything.agents,
      metadata: [],
    });
    expect(
      (await filters(tokens.admin, '?get_campaigns_filter=true&get_metadata_filter=false')).json(),
    ).toEqual({ ...everything, metadata: [] });
  });

  it('pages and searches the campaign options by name, among the readable campaigns only', async () => {
    const { db } = t.database;
    const campaign = (name: string) => ({ id: newId(), name, organisationId: demoOrganisation.id });
    const alpha = campaign('Alpha care');
    const beta = campaign('Beta care');
    const gamma = campaign('Gamma sales');
    const delta = campaign('Delta care');
    const mine = [alpha, beta, gamma, delta];
    const notMine = campaign('Epsilon care');
    await db.insert(campaigns).values([...mine, notMine]);
    // The other tests expect the demo campaigns only: these go (with their members) whatever this test finds.
    onTestFinished(async () => {
      await db.delete(campaigns).where(
        inArray(
          campaigns.id,
          [...mine, notMine].map(({ id }) => id),
        ),
      );
    });
    await db
      .insert(campaignMembers)
      .values(
        mine.map(({ id }) => ({ campaignId: id, userId: demoUsers.supervisor2.id, role: 'viewer' as const })),
      );

    const first = (await filters(tokens.supervisor2, '?campaigns_q=CARE&campaigns_limit=2')).json();
    expect(first.campaigns).toEqual(named(alpha, beta));
    expect(first.campaigns_next_start_after).toBe(beta.id);
    const second = (
      await filters(
        tokens.supervisor2,
        `?campaigns_q=care&campaigns_limit=2&campaigns_start_after=${beta.id}`,
      )
    ).json();
    expect(second.campaigns).toEqual(named(customerCare, delta));
    expect(second.campaigns_next_start_after).toBeNull();
    expect((await filters(tokens.supervisor2, '?campaigns_q=sales')).json().campaigns).toEqual(named(gamma));
    // The agents still come from every readable campaign, whatever page of campaigns is asked for.
    expect((await filters(tokens.supervisor2, '?campaigns_q=sales')).json().agents).toEqual(
      named(demoUsers.agent2, demoUsers.agent),
    );
    expect((await filters(tokens.supervisor2, '?campaigns_limit=0')).statusCode).toBe(400);
  });

  it('refuses a flag that is not true or false', async () => {
    for (const query of ['?get_campaigns_filter=yes', '?get_metadata_filter=1', '?get_metadata_filter=']) {
      const response = await filters(tokens.admin, query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        detail: 'Invalid request',
        errors: [{ path: expect.any(String) }],
      });
    }
  });

  it("keeps each key's most frequent values, ignores test conversations and other organisations' campaigns", async () => {
    const { db } = t.database;
    const conversation = (metadata: Record<string, string>, isTest = false) => ({
      id: newId(),
      campaignId: customerCare.id,
      type: 'call' as const,
      agentId: demoUsers.agent2.id,
      status: 'ready' as const,
      startedAt: new Date(),
      metadata,
      isTest,
    });
    const orders = Array.from({ length: 101 }, (_, index) => `order-${String(index).padStart(3, '0')}`);
    const added = [
      ...orders.map((order) => conversation({ order })),
      conversation({ order: 'zz-repeat' }),
      conversation({ order: 'zz-repeat' }),
      conversation({ channel: 'lab' }, true),
    ];
    await db.insert(conversations).values(added);
    const otherOrganisation = newId();
    const otherCampaign = { id: newId(), name: 'Another Organisation Campaign' };
    await db.insert(organisations).values({ id: otherOrganisation, name: 'Another Organisation' });
    await db.insert(campaigns).values({ ...otherCampaign, organisationId: otherOrganisation });
    // The other tests expect the demo data only: what this test added goes whatever it finds.
    onTestFinished(async () => {
      await db.delete(conversations).where(
        inArray(
          conversations.id,
          added.map(({ id }) => id),
        ),
      );
      await db.delete(campaigns).where(eq(campaigns.id, otherCampaign.id));
      await db.delete(organisations).where(eq(organisations.id, otherOrganisation));
    });
    // A membership across organisations grants nothing: the campaign's organisation must be the user's.
    await db
      .insert(campaignMembers)
      .values({ campaignId: otherCampaign.id, userId: demoUsers.supervisor2.id, role: 'owner' });

    const options = (await filters(tokens.supervisor2)).json() as typeof everything;
    expect(options.campaigns).toEqual(named(customerCare));
    expect(options.metadata.find((entry) => entry.key === 'channel')?.values).toEqual([
      'email',
      'phone',
      'web',
    ]);
    expect(options.metadata.find((entry) => entry.key === 'order')?.label).toBeNull();
    const orderValues = options.metadata.find((entry) => entry.key === 'order')?.values;
    expect(orderValues).toHaveLength(100);
    expect(orderValues).toContain('zz-repeat');
    expect(orderValues).not.toContain('order-100');
    expect(orderValues?.[0]).toBe('order-000');

    expect((await filters(tokens.admin)).json().campaigns).toEqual(
      named(otherCampaign, customerCare, serviceClient),
    );
  });
});
