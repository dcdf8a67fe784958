// Spec §2 route tables: admin, supervisor with permission-gated routes, agent.
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../contract/users';
import { pageAt, routesFor } from '../../src/views/routes/route-tables';
import { currentUser } from '../fixtures/current-user';

const user = (role: 'agent' | 'supervisor', admin = false, policy: Record<string, boolean> = {}) =>
  currentUser({ role, admin, policy });
const paths = (routes: { path: string }[] | null) => routes?.map((route) => route.path) ?? [];

describe('routesFor', () => {
  it('gives admins the admin table', () => {
    const routes = paths(routesFor(user('supervisor', true)));
    expect(routes).toHaveLength(26);
    expect(routes).toEqual(
      expect.arrayContaining([
        '/organisations/:organisationId/campaigns/create',
        '/campaigns/:campaignId/items/:itemId/evaluation-updates',
        '/conversations/:conversationId/transcript/edit',
        '/users/:userId',
        '/organisations/:organisationId/usage',
        '/reviews',
        '/reviews/team',
        '/audit-log',
        '/settings/api-keys',
      ]),
    );
    expect(routes).not.toContain('/usage');
  });

  it('gives agents their reduced table: no creation, no uploads', () => {
    expect(paths(routesFor(user('agent')))).toEqual([
      '/',
      '/campaigns',
      '/campaigns/:campaignId',
      '/campaigns/:campaignId/conversations',
      '/conversations/:conversationId',
      '/profile',
    ]);
  });

  it('gates usage, user access and campaign creation by the supervisor policy', () => {
    const gated = [
      '/usage',
      '/organization/users/:userId/access',
      '/campaigns/create',
      '/audit-log',
      '/settings/api-keys',
    ];
    const without = paths(routesFor(user('supervisor')));
    for (const path of gated) expect(without).not.toContain(path);
    const all = paths(
      routesFor(
        user('supervisor', false, {
          can_view_usage: true,
          can_edit_users_access: true,
          can_create_campaign: true,
          can_view_audit_log: true,
          can_manage_security: true,
        }),
      ),
    );
    expect(all).toEqual(expect.arrayContaining(gated));
    expect(all).toEqual(expect.arrayContaining(['/coaching', '/campaigns/:campaignId/alerts/:alertId']));
    const onlyUsage = paths(routesFor(user('supervisor', false, { can_view_usage: true })));
    expect(onlyUsage).toContain('/usage');
    expect(onlyUsage).not.toContain('/campaigns/create');
  });

  it('lets supervisors read the validation statistics and an item’s changes, not agents', () => {
    const statistics = [
      '/campaigns/:campaignId/validation-stats',
      '/campaigns/:campaignId/items/:itemId/evaluation-updates',
    ];
    expect(paths(routesFor(user('supervisor')))).toEqual(expect.arrayContaining(statistics));
    for (const path of statistics) expect(paths(routesFor(user('agent')))).not.toContain(path);
  });

  it('lets supervisors open the transcript editor (the page itself checks their campaign role)', () => {
    expect(paths(routesFor(user('supervisor')))).toContain('/conversations/:conversationId/transcript/edit');
  });

  it('has no table for any other role', () => {
    const stranger = { ...user('agent'), config: { quality_monitoring: { role: 'auditor', policy: {} } } };
    expect(routesFor(stranger as unknown as CurrentUser)).toBeNull();
  });
});

describe('pageAt', () => {
  const id = '019a0000-0000-7000-8000-000000000301';

  it('names the page at a path before the user is known', () => {
    expect(pageAt(`/campaigns/${id}/conversations`)).toBe('conversations');
    expect(pageAt(`/conversations/${id}`)).toBe('conversation');
    expect(pageAt('/organisations')).toBe('organisations');
    expect(pageAt('/')).toBe('home');
  });

  it('names no page for an unknown path', () => {
    expect(pageAt('/nowhere')).toBeNull();
    expect(pageAt(`/conversations/${id}/elsewhere`)).toBeNull();
  });
});
