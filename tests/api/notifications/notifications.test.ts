// Notifications: each user lists and marks read only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

interface NotificationPage {
  items: { id: string; type: string; read: boolean; created_at: number; campaign_name: string }[];
  next_start_after: string | null;
}

describe.each(testDatabaseKinds)('notifications API on %s', (kind) => {
  let t: TestApp;
  let supervisor: string;
  let supervisor2: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [supervisor, supervisor2] = await Promise.all([
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.supervisor2.email),
    ]);
  });
  afterAll(() => t.close());

  const list = async (token: string) =>
    (await t.app.inject({ url: '/api/notifications', headers: bearer(token) })).json() as NotificationPage;
  const markRead = (id: string, token: string) =>
    t.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read`, headers: bearer(token) });

  it("lists the user's notifications newest first, of both types", async () => {
    const { items, next_start_after: next } = await list(supervisor);
    expect(items).toHaveLength(6);
    expect(next).toBeNull();
    const times = items.map((n) => n.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(items.map((n) => n.type))).toEqual(new Set(['MENTIONED_IN_CONVERSATION', 'ALERT']));
    expect(items.some((n) => n.read)).toBe(true);
    expect(items.some((n) => !n.read)).toBe(true);
    expect(items[0]).toMatchObject({
      campaign_name: 'Service Client',
      mentioned_by: { name: 'Camille Roux' },
    });
    expect((await list(supervisor2)).items).toEqual([]);
  });

  it('marks a notification read for its owner only', async () => {
    const unread = (await list(supervisor)).items.find((n) => !n.read);
    if (!unread) throw new Error('The demo data has no unread notification');

    const stranger = await markRead(unread.id, supervisor2);
    expect(stranger.statusCode).toBe(404);
    expect((await list(supervisor)).items.find((n) => n.id === unread.id)?.read).toBe(false);

    expect((await markRead(unread.id, supervisor)).statusCode).toBe(204);
    expect((await list(supervisor)).items.find((n) => n.id === unread.id)?.read).toBe(true);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await markRead(newId(), supervisor)).statusCode).toBe(404);
    const malformed = await markRead('42', supervisor);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ detail: 'Invalid request', errors: [{ path: 'params.id' }] });
  });
});
