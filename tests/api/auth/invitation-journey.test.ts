// From invitation to work, through the real pages: an admin invites a supervisor into a new organisation, who
// accepts, logs in, is allowed to create campaigns, creates one and adds an invited agent as viewer; the agent
// then reads it and changes nothing.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../../contract/campaigns';
import type { InvitationResult, User } from '../../../contract/users';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { multipartFile, pngImage } from '../../fixtures/images';
import { bearer, createTestApp, publicUrl, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('invitation journey on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.accessToken(demoUsers.admin.email);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function mailedLink(email: string): Promise<string> {
    const outbox = path.join(t.config.dataDir, 'outbox');
    for (const file of await readdir(outbox)) {
      const mail = await simpleParser(await readFile(path.join(outbox, file)));
      const to = Array.isArray(mail.to) ? mail.to : [mail.to];
      const link = mail.text?.match(/http:\/\/localhost:3000(\/auth\/invitations\/[\w-]+)/)?.[1];
      if (link && to.some((address) => address?.text === email)) return link;
    }
    throw new Error(`No invitation mail for ${email}`);
  }

  /** Opens the invitation page, sets name and password on it, then logs in; resolves to an access token. */
  async function acceptAndLogIn(link: string, email: string, name: string): Promise<string> {
    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    const password = `${name.toLowerCase().replace(/\W/g, '-')}-password`;
    const accepted = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl },
      payload: new URLSearchParams({ name, password, confirm_password: password }).toString(),
    });
    expect(accepted.statusCode).toBe(303);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/token/refresh',
      cookies: { qm_refresh: await t.login(email, password) },
      headers: { origin: publicUrl },
    });
    return (refreshed.json() as { access_token: string }).access_token;
  }

  it('takes a supervisor from invitation to a campaign an invited agent reads but cannot change', async () => {
    const organisation = (
      await call('POST', '/api/organisations', admin, { name: 'Northwind Calls' })
    ).json() as {
      id: string;
    };

    const supervisorInvitation = await call(
      'POST',
      `/api/organisations/${organisation.id}/users/invite`,
      admin,
      {
        name: 'Nadia North',
        email: 'nadia@northwind.test',
        role: 'supervisor',
      },
    );
    expect(supervisorInvitation.statusCode).toBe(201);
    const invitedSupervisor = (supervisorInvitation.json() as InvitationResult).user;
    const supervisor = await acceptAndLogIn(
      await mailedLink('nadia@northwind.test'),
      'nadia@northwind.test',
      'Nadia North',
    );
    expect((await call('GET', '/api/users/me', supervisor)).json()).toMatchObject({
      name: 'Nadia North',
      role: 'supervisor',
      organisation_id: organisation.id,
    });

    expect((await call('POST', '/api/campaigns', supervisor, { name: 'Too early' })).statusCode).toBe(403);
    const granted = await call('PATCH', `/api/users/${invitedSupervisor.id}`, admin, {
      policy: { can_create_campaign: true },
    });
    expect((granted.json() as User).policy).toEqual({ can_create_campaign: true });

    const created = await call('POST', '/api/campaigns', supervisor, {
      name: 'Northwind Support',
      language: 'fr',
    });
    expect(created.statusCode).toBe(201);
    const campaign = created.json() as Campaign;
    expect(campaign).toMatchObject({ organisation_id: organisation.id, my_role: 'owner', member_count: 1 });

    // The agent's invitation is handed over by the admin rather than mailed.
    const agentInvitation = (
      await call(
        'POST',
        `/api/organisations/${organisation.id}/users/invite?send_invite_email=false`,
        admin,
        {
          name: 'Arno Agent',
          email: 'arno@northwind.test',
          role: 'agent',
        },
      )
    ).json() as InvitationResult;
    expect(agentInvitation.invitation_url).not.toBeNull();
    const invitedAgent = agentInvitation.user;
    const added = await call('POST', `/api/campaigns/${campaign.id}/users`, supervisor, {
      user_id: invitedAgent.id,
      role: 'viewer',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ status: 'invited', role: 'viewer' });
    const agent = await acceptAndLogIn(
      new URL(agentInvitation.invitation_url ?? '').pathname,
      'arno@northwind.test',
      'Arno Agent',
    );

    const listed = (await call('GET', '/api/campaigns', agent)).json() as { items: Campaign[] };
    expect(listed.items.map((item) => item.id)).toEqual([campaign.id]);
    expect((await call('GET', `/api/campaigns/${campaign.id}`, agent)).json()).toMatchObject({
      name: 'Northwind Support',
      my_role: 'viewer',
    });
    expect((await call('GET', `/api/campaigns/${campaign.id}/users/me/role`, agent)).json()).toEqual({
      role: 'viewer',
      policy: { can_edit_settings: false, can_manage_users: false },
      admin: false,
    });

    const changes = [
      call('PATCH', `/api/campaigns/${campaign.id}`, agent, { name: 'Mine now' }),
      call('DELETE', `/api/campaigns/${campaign.id}`, agent),
      call('GET', `/api/campaigns/${campaign.id}/users`, agent),
      call('POST', `/api/campaigns/${campaign.id}/users`, agent, {
        user_id: invitedSupervisor.id,
        role: 'viewer',
      }),
      call('PUT', `/api/campaigns/${campaign.id}/users/${invitedAgent.id}/role`, agent, { role: 'owner' }),
      call('DELETE', `/api/campaigns/${campaign.id}/users/${invitedSupervisor.id}`, agent),
      call('POST', `/api/campaigns/${campaign.id}/duplicate`, agent),
    ];
    for (const response of await Promise.all(changes)) expect(response.statusCode).toBe(403);
    const { payload, headers } = multipartFile(pngImage());
    const logo = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/logo`,
      headers: { ...bearer(agent), ...headers },
      payload,
    });
    expect(logo.statusCode).toBe(403);
    expect((await call('GET', `/api/campaigns/${campaign.id}`, supervisor)).json()).toMatchObject({
      name: 'Northwind Support',
      member_count: 2,
    });

    // Nothing of the demo organisation shows through.
    expect(
      (await call('GET', `/api/campaigns/${demoCampaigns.customerCare.id}`, supervisor)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/users/${demoUsers.agent.id}`, supervisor)).statusCode).toBe(404);
  });
});
