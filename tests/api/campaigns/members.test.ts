// The campaign users API: the caller's role, the member list, adding, changing and removing members, and the
// rules that keep an owner and stop anyone from granting more than they hold. Each test works on a campaign of
// its own, so any one of them runs alone (`-t`).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Campaign, CampaignMember } from '../../../contract/campaigns';
import { demoCampaigns, demoOrganisation, demoUsers } from '../../../server/demo/data';
import { users } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addOrganisation, addUser, type Member } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('campaign users API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let owner: string;
  let editor: string;
  let agent: string;
  let campaign: string;
  let outsiderId: string;
  let editorId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    editorId = await addUser(db, {
      organisationId: demoOrganisation.id,
      email: 'editor@demo.local',
      name: 'Edith Editor',
    });
    const otherOrg = await addOrganisation(db, 'Other Org');
    outsiderId = await addUser(db, { organisationId: otherOrg, email: 'outsider@other.local' });
    [admin, owner, editor, agent] = await Promise.all([
      t.accessToken(demoUsers.admin.email),
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken('editor@demo.local'),
      t.accessToken(demoUsers.agent.email),
    ]);
  });
  afterAll(() => t.close());

  /** A new campaign of the demo organisation owned by the demo supervisor, with these other members. */
  const campaignWith = (members: Member[]) =>
    addCampaign(t.database.db, {
      organisationId: demoOrganisation.id,
      name: 'Members at work',
      members: [{ userId: demoUsers.supervisor.id, role: 'owner' }, ...members],
    });
  /** The editor, who manages users and holds no other campaign permission. */
  const managingEditor = (): Member => ({
    userId: editorId,
    role: 'editor',
    policy: { can_manage_users: true },
  });

  beforeEach(async () => {
    campaign = await campaignWith([]);
  });

  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
  const add = (token: string, payload: object, id = campaign) =>
    t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/users`, headers: bearer(token), payload });
  const setRole = (token: string, userId: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/campaigns/${campaign}/users/${userId}/role`,
      headers: bearer(token),
      payload,
    });
  const remove = (token: string, userId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/campaigns/${campaign}/users/${userId}`,
      headers: bearer(token),
    });

  it("answers the caller's role and what it allows", async () => {
    const url = `/api/campaigns/${demoCampaigns.customerCare.id}/users/me/role`;
    expect((await get(url, owner)).json()).toEqual({
      role: 'owner',
      policy: { can_edit_settings: true, can_manage_users: true },
      admin: false,
    });
    expect((await get(url, agent)).json()).toEqual({
      role: 'viewer',
      policy: { can_edit_settings: false, can_manage_users: false },
      admin: false,
    });
    expect((await get(url, admin)).json()).toEqual({
      role: null,
      policy: { can_edit_settings: true, can_manage_users: true },
      admin: true,
    });
  });

  it('lists members by name with who they are', async () => {
    const response = await get(`/api/campaigns/${demoCampaigns.customerCare.id}/users`, owner);
    expect(response.statusCode).toBe(200);
    const members = response.json() as CampaignMember[];
    expect(members.map((member) => member.name)).toEqual([
      'Emma Durand',
      'Lucas Petit',
      'Sophie Martin',
      'Thomas Bernard',
    ]);
    expect(members[1]).toEqual({
      user_id: demoUsers.agent.id,
      name: 'Lucas Petit',
      email: 'agent@demo.local',
      user_role: 'agent',
      status: 'active',
      role: 'viewer',
      policy: {},
    });
  });

  it('adds members of the organisation once each, agents as viewers only', async () => {
    const added = await add(owner, {
      user_id: editorId,
      role: 'editor',
      policy: { can_manage_users: true },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      user_id: editorId,
      role: 'editor',
      policy: { can_manage_users: true },
    });
    expect((await add(owner, { user_id: editorId, role: 'viewer' })).statusCode).toBe(409);

    const asEditor = await add(owner, { user_id: demoUsers.agent.id, role: 'editor' });
    expect(asEditor.statusCode).toBe(422);
    expect(asEditor.json().detail).toMatch(/Agents can only be viewers/);
    expect((await add(owner, { user_id: demoUsers.agent.id, role: 'viewer', policy: {} })).statusCode).toBe(
      201,
    );

    expect((await add(owner, { user_id: outsiderId, role: 'viewer' })).statusCode).toBe(404);
    expect(
      (await add(owner, { user_id: '019a0000-0000-7000-8000-00000000ffff', role: 'viewer' })).statusCode,
    ).toBe(404);
    expect((await add(owner, { user_id: demoUsers.agent2.id, role: 'boss' })).statusCode).toBe(400);
    expect(
      (await add(owner, { user_id: demoUsers.agent2.id, role: 'editor', policy: { can_fly: true } }))
        .statusCode,
    ).toBe(400);
  });

  it('takes invited users but not disabled ones', async () => {
    const { db } = t.database;
    const [invited, disabled] = await Promise.all([
      addUser(db, { organisationId: demoOrganisation.id, email: 'invited@demo.local', role: 'agent' }),
      addUser(db, { organisationId: demoOrganisation.id, email: 'disabled@demo.local', role: 'agent' }),
    ]);
    await db.update(users).set({ status: 'invited' }).where(eq(users.id, invited));
    await db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled));
    expect((await add(owner, { user_id: invited, role: 'viewer' })).statusCode).toBe(201);
    const refused = await add(owner, { user_id: disabled, role: 'viewer' });
    expect(refused.statusCode).toBe(422);
  });

  it('changes a role and policy, keeping a policy for editors only', async () => {
    const notAMember = await setRole(owner, demoUsers.supervisor2.id, { role: 'viewer' });
    expect(notAMember.statusCode).toBe(404);

    await add(owner, { user_id: demoUsers.supervisor2.id, role: 'viewer' });
    const editorRole = await setRole(owner, demoUsers.supervisor2.id, {
      role: 'editor',
      policy: { can_edit_settings: true },
    });
    expect(editorRole.json()).toMatchObject({ role: 'editor', policy: { can_edit_settings: true } });
    const viewerRole = await setRole(owner, demoUsers.supervisor2.id, {
      role: 'viewer',
      policy: { can_edit_settings: true },
    });
    expect(viewerRole.json()).toMatchObject({ role: 'viewer', policy: {} });
    expect((await setRole(owner, demoUsers.agent.id, { role: 'owner' })).statusCode).toBe(422);

    const roles = (await get(`/api/users/${demoUsers.supervisor2.id}/campaigns`, admin)).json() as {
      campaign_id: string;
      role: string;
    }[];
    expect(roles.find((entry) => entry.campaign_id === campaign)?.role).toBe('viewer');
  });

  it('lets an editor who manages users grant no more than they hold', async () => {
    campaign = await campaignWith([managingEditor(), { userId: demoUsers.supervisor2.id, role: 'viewer' }]);
    expect(
      (
        await setRole(editor, demoUsers.supervisor2.id, {
          role: 'editor',
          policy: { can_manage_users: true },
        })
      ).statusCode,
    ).toBe(200);
    const settings = await setRole(editor, demoUsers.supervisor2.id, {
      role: 'editor',
      policy: { can_edit_settings: true },
    });
    expect(settings.statusCode).toBe(403);
    expect(settings.json().detail).toMatch(/can_edit_settings/);
    expect((await setRole(editor, editorId, { role: 'owner' })).statusCode).toBe(403);
    expect((await remove(editor, demoUsers.supervisor.id)).statusCode).toBe(403);
    expect((await remove(editor, demoUsers.supervisor2.id)).statusCode).toBe(204);
  });

  it('keeps the last owner, with a clear message, until another owner exists', async () => {
    campaign = await campaignWith([managingEditor()]);
    const leaving = await remove(owner, demoUsers.supervisor.id);
    expect(leaving.statusCode).toBe(409);
    expect(leaving.json().detail).toBe(
      'This is the last owner of the campaign: make another member owner before removing or changing this one',
    );
    expect((await setRole(owner, demoUsers.supervisor.id, { role: 'editor' })).statusCode).toBe(409);

    expect((await setRole(owner, editorId, { role: 'owner' })).statusCode).toBe(200);
    expect((await setRole(owner, demoUsers.supervisor.id, { role: 'editor' })).statusCode).toBe(200);
    expect((await get(`/api/campaigns/${campaign}/users/me/role`, owner)).json()).toMatchObject({
      role: 'editor',
      policy: { can_edit_settings: false, can_manage_users: false },
    });
    expect((await remove(editor, editorId)).statusCode).toBe(409);
  });

  it('lets an admin manage members of a campaign with no owner, making its first one', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${demoOrganisation.id}/campaigns`,
      headers: bearer(admin),
      payload: { name: 'No owner yet' },
    });
    const { id } = created.json() as Campaign;
    expect(created.json()).toMatchObject({ member_count: 0 });
    expect((await add(admin, { user_id: demoUsers.supervisor2.id, role: 'owner' }, id)).statusCode).toBe(201);
    expect((await get(`/api/campaigns/${id}/users`, admin)).json()).toMatchObject([
      { user_id: demoUsers.supervisor2.id, role: 'owner' },
    ]);
  });
});
