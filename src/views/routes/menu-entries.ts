// The left menu's entries for a user (spec §2): admin menu, default menu, agent menu, the permission and
// feature entries, Profile for everyone, Notifications for non-admins on wide screens.
import type { CurrentUser } from '../../../contract/users';

export type MenuEntryKey =
  | 'home'
  | 'admin'
  | 'organisations'
  | 'campaigns'
  | 'users'
  | 'organization'
  | 'usage'
  | 'coaching'
  | 'reviews'
  | 'notifications'
  | 'auditLog'
  | 'apiKeys'
  | 'profile';

export interface MenuEntry {
  key: MenuEntryKey;
  path: string;
  /** 'panel' entries toggle the notification panel instead of navigating. */
  kind: 'link' | 'panel';
}

const link = (key: MenuEntryKey, path: string): MenuEntry => ({ key, path, kind: 'link' });

export function menuEntriesFor(user: CurrentUser, { mobile }: { mobile: boolean }): MenuEntry[] {
  if (user.admin) {
    return [
      link('admin', '/'),
      link('organisations', '/organisations'),
      link('campaigns', '/campaigns'),
      link('users', '/users'),
      link('reviews', '/reviews'),
      link('auditLog', '/audit-log'),
      link('apiKeys', '/settings/api-keys'),
      link('profile', '/profile'),
    ];
  }
  const policy = user.config.quality_monitoring.policy;
  return [
    link('home', '/'),
    link('campaigns', '/campaigns'),
    ...(user.role === 'agent' ? [] : [link('organization', '/organization')]),
    ...(policy.can_view_usage ? [link('usage', '/usage')] : []),
    ...(policy.can_view_audit_log ? [link('auditLog', '/audit-log')] : []),
    ...(policy.can_manage_security ? [link('apiKeys', '/settings/api-keys')] : []),
    ...(user.features.coaching ? [link('coaching', '/coaching')] : []),
    ...(user.role === 'agent' ? [] : [link('reviews', '/reviews')]),
    ...(mobile ? [] : [{ key: 'notifications', path: '/notifications', kind: 'panel' } as const]),
    link('profile', '/profile'),
  ];
}
