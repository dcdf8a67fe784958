// Inviting an address never tells the inviter whether it has an account in another organisation; only the
// address's owner learns it, from the mail and the link, and an address keeps a single account.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationResult, User } from '../../../contract/users';
import { acceptInvitation } from '../../../server/auth/invitations';
import { demoOrganisation, demoPassword, demoUsers } from '../../../server/demo/data';
import { users } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, publicUrl, type TestApp } from '../../fixtures/test-app';

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl };
// The demo password, so that the fixture's access tokens work for the accounts made here.
const password = demoPassword;

describe.each(testDatabaseKinds)('invitation privacy on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let otherLead: string;
  let otherOrganisationId: string;

  const post = (url: string, payload: object, token: string) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const accept = (link: string, name = 'Invitee') =>
    t.app.inject({
      method: 'POST',
      url: link,
      headers: formHeaders,
      payload: new URLSearchParams({ name, password, confirm_password: password }).toString(),
    });
  /** Invites into an organisation without a mail; resolves to the link's path. */
  async function linkFor(organisationId: string, email: string, token = admin): Promise<string> {
    const response = await post(
      `/api/organisations/${organisationId}/users/invite?send_invite_email=false`,
      { email, name: 'Invitee', role: 'agent' },
      token,
    );
    expect(response.statusCode).toBe(201);
    return new URL((response.json() as InvitationResult).invitation_url ?? '').pathname;
  }
  async function mailTo(email: string) {
    const outbox = path.join(t.config.dataDir, 'outbox');
    for (const file of await readdir(outbox)) {
      const mail = await simpleParser(await readFile(path.join(outbox, file)));
      const to = Array.isArray(mail.to) ? mail.to : [mail.to];
      if (to.some((address) => address?.text === email)) return mail.text ?? '';
    }
    throw new Error(`No mail to ${email}`);
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.accessToken(demoUsers.admin.email);
    otherOrganisationId = (await post('/api/organisations', { name: 'Other Tenant' }, admin)).json().id;
    expect((await accept(await linkFor(otherOrganisationId, 'lead@other.test'))).statusCode).toBe(303);
    await t.database.db
      .update(users)
      .set({ role: 'supervisor', policy: { can_edit_users_access: true } })
      .where(eq(users.email, 'lead@other.test'));
    otherLead = await t.accessToken('lead@other.test');
  });
  afterAll(() => t.close());

  it('answers an address with an account elsewhere exactly as a new address', async () => {
    const invite = (email: string) =>
      post('/api/users/invite', { email, name: 'Probe', role: 'agent' }, otherLead);
    const fresh = await invite('fresh@other.test');
    const existing = await invite(demoUsers.agent.email);

    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.statusCode).toBe(201);
    const [freshUser, existingUser] = [fresh.json() as User, existing.json() as User];
    expect(Object.keys(existingUser).sort()).toEqual(Object.keys(freshUser).sort());
    const sameFor = (user: User) => ({ ...user, id: '', email: '', created_at: 0 });
    expect(sameFor(existingUser)).toEqual(sameFor(freshUser));
    expect(existingUser).toMatchObject({ organisation_id: otherOrganisationId, status: 'invited' });

    const list = await t.app.inject({
      url: `/api/organisations/${otherOrganisationId}/users?q=agent@demo.local`,
      headers: bearer(otherLead),
    });
    expect(list.json().items).toEqual([existingUser]);
  });

  it('tells only the address, by mail and on the link, that it already has an account', async () => {
    const mail = await mailTo(demoUsers.agent.email);
    expect(mail).toContain('this address already has an account');
    expect(mail).toContain('cette adresse a déjà un compte');
    expect(mail).not.toContain('choose your password');
    const link = mail.match(/http:\/\/localhost:3000(\/auth\/invitations\/[\w-]+)/)?.[1] ?? '';

    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('This address already has an account');
    expect(page.body).not.toContain('<form');
    const french = await t.app.inject({ url: `${link}?lang=fr` });
    expect(french.body).toContain('Cette adresse a déjà un compte');

    expect((await accept(link, 'Usurper')).statusCode).toBe(409);
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.email, demoUsers.agent.email), eq(users.organisationId, demoOrganisation.id)));
    expect(account).toMatchObject({ name: demoUsers.agent.name, status: 'active' });
    expect(await t.login(demoUsers.agent.email)).toBeTruthy();
  });

  it('answers a duplicate within the organisation precisely', async () => {
    for (const email of ['fresh@other.test', 'lead@other.test']) {
      const duplicate = await post('/api/users/invite', { email, name: 'Again', role: 'agent' }, otherLead);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        detail: 'This address already has an account in this organisation',
      });
    }
  });

  it('lets the first of two organisations’ invitations to one address win', async () => {
    const first = await linkFor(demoOrganisation.id, 'twice@new.test');
    const second = await linkFor(otherOrganisationId, 'twice@new.test', otherLead);

    expect((await accept(second, 'Second Name')).statusCode).toBe(303);
    expect((await t.app.inject({ url: first })).statusCode).toBe(409);
    expect((await accept(first, 'First Name')).statusCode).toBe(409);
    const accounts = await t.database.db.select().from(users).where(eq(users.email, 'twice@new.test'));
    expect(
      accounts.map(({ status, name }) => ({ status, name })).sort((a, b) => a.status.localeCompare(b.status)),
    ).toEqual([
      { status: 'active', name: 'Second Name' },
      { status: 'invited', name: 'Invitee' },
    ]);
    expect(await t.login('twice@new.test', password)).toBeTruthy();
  });

  it('refuses the second of two simultaneous acceptances through the unique index, without an error', async () => {
    const token = (link: string) => link.split('/').pop() ?? '';
    const first = token(await linkFor(demoOrganisation.id, 'race@new.test'));
    const second = token(await linkFor(otherOrganisationId, 'race@new.test', otherLead));
    const outcomes = await Promise.all(
      [first, second].map((each) => acceptInvitation(t.database.db, each, { name: 'Racer', password })),
    );
    expect(outcomes.map(({ outcome }) => outcome).sort()).toEqual(['accepted', 'hasAccount']);
    expect(await t.login('race@new.test', password)).toBeTruthy();
  });
});
