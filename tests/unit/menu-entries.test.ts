// Spec §2 menu entries per role, permission, feature and width.
import { describe, expect, it } from 'vitest';
import { menuEntriesFor } from '../../src/views/routes/menu-entries';
import { currentUser as user } from '../fixtures/current-user';

const keys = (entries: { key: string }[]) => entries.map((entry) => entry.key);

describe('menuEntriesFor', () => {
  it('gives the default menu with Reviews, and notifications on wide screens', () => {
    expect(keys(menuEntriesFor(user(), { mobile: false }))).toEqual([
      'home',
      'campaigns',
      'organization',
      'reviews',
      'notifications',
      'profile',
    ]);
  });

  it('adds Usage with can_view_usage and Coaching for flagged users', () => {
    const entries = menuEntriesFor(user({ policy: { can_view_usage: true }, coaching: true }), {
      mobile: false,
    });
    expect(keys(entries)).toEqual([
      'home',
      'campaigns',
      'organization',
      'usage',
      'coaching',
      'reviews',
      'notifications',
      'profile',
    ]);
  });

  it('gives agents Home and Campaigns only, plus Notifications and Profile', () => {
    expect(keys(menuEntriesFor(user({ role: 'agent' }), { mobile: false }))).toEqual([
      'home',
      'campaigns',
      'notifications',
      'profile',
    ]);
  });

  it('replaces the menu for admins, without notifications', () => {
    expect(
      keys(menuEntriesFor(user({ admin: true, policy: { can_view_usage: true } }), { mobile: false })),
    ).toEqual(['admin', 'organisations', 'campaigns', 'users', 'reviews', 'auditLog', 'apiKeys', 'profile']);
  });

  it('adds the audit log with can_view_audit_log and API keys with can_manage_security', () => {
    const entries = (policy: Record<string, boolean>) =>
      keys(menuEntriesFor(user({ policy }), { mobile: true }));
    expect(entries({ can_view_audit_log: true })).toEqual([
      'home',
      'campaigns',
      'organization',
      'auditLog',
      'reviews',
      'profile',
    ]);
    expect(entries({ can_manage_security: true })).toEqual([
      'home',
      'campaigns',
      'organization',
      'apiKeys',
      'reviews',
      'profile',
    ]);
  });

  it('drops Notifications on mobile, and makes it a panel toggle otherwise', () => {
    expect(keys(menuEntriesFor(user(), { mobile: true }))).not.toContain('notifications');
    const notifications = menuEntriesFor(user(), { mobile: false }).find(
      (entry) => entry.key === 'notifications',
    );
    expect(notifications).toEqual({ key: 'notifications', path: '/notifications', kind: 'panel' });
  });
});
