// Invitations: an admin invites, the mail lands in the outbox, the invitee sets a password once and logs in.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { invitations, users } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, publicUrl, refreshCookieOf, type TestApp } from '../../fixtures/test-app';

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl };

describe.each(testDatabaseKinds)('invitations on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    adminToken = await t.accessToken(demoUsers.admin.email);
  });
  afterAll(() => t.close());

  const invite = (body: object, token = adminToken) =>
    t.app.inject({ method: 'POST', url: '/api/users/invite', headers: bearer(token), payload: body });

  async function invitationLinkFor(email: string): Promise<string> {
    const outbox = path.join(t.config.dataDir, 'outbox');
    for (const file of await readdir(outbox)) {
      const mail = await simpleParser(await readFile(path.join(outbox, file)));
      const to = Array.isArray(mail.to) ? mail.to : [mail.to];
      if (to.some((address) => address?.text === email)) {
        const link = mail.text?.match(/http:\/\/localhost:3000(\/auth\/invitations\/[\w-]+)/)?.[1];
        if (link) return link;
      }
    }
    throw new Error(`No invitation mail for ${email}`);
  }

  const accept = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: formHeaders,
      payload: new URLSearchParams(fields).toString(),
    });

  it('invites, accepts once, and lets the new user log in', async () => {
    const response = await invite({ email: 'New.Agent@Demo.local', name: 'New Agent', role: 'agent' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'new.agent@demo.local',
      status: 'invited',
      role: 'agent',
    });

    const link = await invitationLinkFor('new.agent@demo.local');
    const [stored] = await t.database.db.select().from(invitations);
    expect(link).not.toContain(stored?.tokenHash);

    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('new.agent@demo.local');

    const tooShort = await accept(link, { name: 'Nina', password: 'short', confirm_password: 'short' });
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.body).toContain('at least 10 characters');

    const mismatch = await accept(link, {
      name: 'Nina',
      password: 'a-long-password',
      confirm_password: 'another-password',
    });
    expect(mismatch.statusCode).toBe(422);

    const accepted = await accept(link, {
      name: 'Nina Agent',
      password: 'a-long-password',
      confirm_password: 'a-long-password',
    });
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe(`${publicUrl}/`);
    expect(refreshCookieOf(accepted)).toBeDefined();

    const token = await t.accessToken('new.agent@demo.local').catch(() => null);
    expect(token).toBeNull();
    const cookie = await t.login('new.agent@demo.local', 'a-long-password');
    expect(cookie).toBeTruthy();

    const again = await accept(link, {
      name: 'Someone Else',
      password: 'a-long-password',
      confirm_password: 'a-long-password',
    });
    expect(again.statusCode).toBe(410);
    expect((await t.app.inject({ url: link })).statusCode).toBe(410);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'new.agent@demo.local'));
    expect(user).toMatchObject({ name: 'Nina Agent', status: 'active' });
  });

  it('answers a NUL character in the form with the invitation page and its message, storing nothing', async () => {
    await invite({ email: 'nul@demo.local', name: 'Nul Test', role: 'agent' });
    const link = await invitationLinkFor('nul@demo.local');
    const refused = await t.app.inject({
      method: 'POST',
      url: `${link}?lang=fr`,
      headers: formHeaders,
      payload: 'name=Nul%00Test&password=a-long-password&confirm_password=a-long-password',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('Le formulaire contient des caractères non acceptés.');
    expect(refreshCookieOf(refused)).toBeUndefined();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'nul@demo.local'));
    expect(user).toMatchObject({ name: 'Nul Test', status: 'invited' });
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
  });

  it('refuses an expired invitation', async () => {
    await invite({ email: 'late@demo.local', name: 'Late Comer', role: 'supervisor' });
    const link = await invitationLinkFor('late@demo.local');
    const [late] = await t.database.db.select().from(users).where(eq(users.email, 'late@demo.local'));
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.userId, late?.id ?? ''));
    expect((await t.app.inject({ url: link })).statusCode).toBe(410);
    const response = await accept(link, {
      name: 'Late',
      password: 'a-long-password',
      confirm_password: 'a-long-password',
    });
    expect(response.statusCode).toBe(410);
    expect(refreshCookieOf(response)).toBeUndefined();
  });

  it('answers 410 for an unknown token', async () => {
    expect((await t.app.inject({ url: '/auth/invitations/nothing-like-this' })).statusCode).toBe(410);
  });

  it('lets admins and supervisors with can_edit_users_access invite, refuses duplicates and bad input', async () => {
    const withAccess = await t.accessToken(demoUsers.supervisor.email);
    const invited = await invite({ email: 'x@demo.local', name: 'X', role: 'agent' }, withAccess);
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ organisation_id: demoOrganisation.id, status: 'invited' });
    const withoutAccess = await t.accessToken(demoUsers.supervisor2.email);
    expect(
      (await invite({ email: 'z@demo.local', name: 'Z', role: 'agent' }, withoutAccess)).statusCode,
    ).toBe(403);
    const agent = await t.accessToken(demoUsers.agent.email);
    expect((await invite({ email: 'z@demo.local', name: 'Z', role: 'agent' }, agent)).statusCode).toBe(403);
    expect((await invite({ email: demoUsers.agent.email, name: 'Dup', role: 'agent' })).statusCode).toBe(409);
    expect((await invite({ email: 'not-an-email', name: 'X', role: 'agent' })).statusCode).toBe(400);
    expect((await invite({ email: 'y@demo.local', name: 'Y', role: 'admin' })).statusCode).toBe(400);
  });
});
