// The routes of each role (spec §2). A route names the page it shows; permission-gated routes exist only for
// users holding the permission; any other role has no table (the error page).
import { parse } from 'regexparam';
import type { Permission } from '../../../contract/enums';
import type { CurrentUser } from '../../../contract/users';

export type PageKey =
  | 'home'
  | 'adminHome'
  | 'profile'
  | 'organisations'
  | 'organisationCreate'
  | 'organisationCampaigns'
  | 'organisationCampaignCreate'
  | 'organisationUsers'
  | 'users'
  | 'user'
  | 'campaigns'
  | 'campaignCreate'
  | 'campaign'
  | 'campaignSettings'
  | 'campaignEvaluation'
  | 'customAnalyses'
  | 'validationStats'
  | 'evaluationUpdates'
  | 'conversationPhases'
  | 'conversations'
  | 'callsUpload'
  | 'chatsUpload'
  | 'emailsUpload'
  | 'conversation'
  | 'transcriptEdit'
  | 'usage'
  | 'organization'
  | 'userAccess'
  | 'coaching'
  | 'alerts'
  | 'alertCreate'
  | 'alert'
  | 'reviewQueue'
  | 'reviewTeam'
  | 'auditLog'
  | 'apiKeys';

export interface RouteEntry {
  path: string;
  page: PageKey;
  permission?: Permission;
}

const adminRoutes: RouteEntry[] = [
  { path: '/', page: 'adminHome' },
  { path: '/organisations', page: 'organisations' },
  { path: '/organisations/create', page: 'organisationCreate' },
  { path: '/organisations/:organisationId/campaigns', page: 'organisationCampaigns' },
  { path: '/organisations/:organisationId/campaigns/create', page: 'organisationCampaignCreate' },
  { path: '/organisations/:organisationId/users', page: 'organisationUsers' },
  // Not in spec §2's admin list: issue 11 has admins read any organisation's usage from its page.
  { path: '/organisations/:organisationId/usage', page: 'usage' },
  { path: '/profile', page: 'profile' },
  { path: '/users', page: 'users' },
  { path: '/users/:userId', page: 'user' },
  { path: '/campaigns', page: 'campaigns' },
  { path: '/campaigns/:campaignId', page: 'campaign' },
  { path: '/campaigns/:campaignId/evaluation', page: 'campaignEvaluation' },
  { path: '/campaigns/:campaignId/custom-analyses', page: 'customAnalyses' },
  { path: '/campaigns/:campaignId/validation-stats', page: 'validationStats' },
  { path: '/campaigns/:campaignId/items/:itemId/evaluation-updates', page: 'evaluationUpdates' },
  { path: '/campaigns/:campaignId/conversations', page: 'conversations' },
  { path: '/campaigns/:campaignId/calls/upload', page: 'callsUpload' },
  { path: '/campaigns/:campaignId/chats/upload', page: 'chatsUpload' },
  { path: '/campaigns/:campaignId/emails/upload', page: 'emailsUpload' },
  { path: '/conversations/:conversationId', page: 'conversation' },
  { path: '/conversations/:conversationId/transcript/edit', page: 'transcriptEdit' },
  { path: '/reviews', page: 'reviewQueue' },
  { path: '/reviews/team', page: 'reviewTeam' },
  { path: '/audit-log', page: 'auditLog' },
  { path: '/settings/api-keys', page: 'apiKeys' },
];

const supervisorRoutes: RouteEntry[] = [
  { path: '/', page: 'home' },
  { path: '/usage', page: 'usage', permission: 'can_view_usage' },
  { path: '/audit-log', page: 'auditLog', permission: 'can_view_audit_log' },
  { path: '/settings/api-keys', page: 'apiKeys', permission: 'can_manage_security' },
  { path: '/organization', page: 'organization' },
  { path: '/organization/users/:userId/access', page: 'userAccess', permission: 'can_edit_users_access' },
  { path: '/campaigns', page: 'campaigns' },
  { path: '/campaigns/create', page: 'campaignCreate', permission: 'can_create_campaign' },
  { path: '/campaigns/:campaignId', page: 'campaign' },
  { path: '/campaigns/:campaignId/calls/upload', page: 'callsUpload' },
  { path: '/campaigns/:campaignId/chats/upload', page: 'chatsUpload' },
  { path: '/campaigns/:campaignId/emails/upload', page: 'emailsUpload' },
  { path: '/campaigns/:campaignId/evaluation', page: 'campaignEvaluation' },
  { path: '/campaigns/:campaignId/settings', page: 'campaignSettings' },
  { path: '/campaigns/:campaignId/conversation-phases', page: 'conversationPhases' },
  { path: '/campaigns/:campaignId/conversations', page: 'conversations' },
  { path: '/campaigns/:campaignId/custom-analyses', page: 'customAnalyses' },
  // Not in spec §2's supervisor list, but supervisors are the ones who validate evaluations (issue 9): they read
  // what their validations say of the engine, as admins do.
  { path: '/campaigns/:campaignId/validation-stats', page: 'validationStats' },
  { path: '/campaigns/:campaignId/items/:itemId/evaluation-updates', page: 'evaluationUpdates' },
  { path: '/campaigns/:campaignId/alerts', page: 'alerts' },
  { path: '/campaigns/:campaignId/alerts/create', page: 'alertCreate' },
  { path: '/campaigns/:campaignId/alerts/:alertId', page: 'alert' },
  { path: '/conversations/:conversationId', page: 'conversation' },
  // Not in spec §2's supervisor list, but editors may correct transcripts (issue 8): the page checks the role.
  { path: '/conversations/:conversationId/transcript/edit', page: 'transcriptEdit' },
  { path: '/profile', page: 'profile' },
  { path: '/coaching', page: 'coaching' },
  { path: '/reviews', page: 'reviewQueue' },
  { path: '/reviews/team', page: 'reviewTeam' },
];

const agentRoutes: RouteEntry[] = [
  { path: '/', page: 'home' },
  { path: '/campaigns', page: 'campaigns' },
  { path: '/campaigns/:campaignId', page: 'campaign' },
  { path: '/campaigns/:campaignId/conversations', page: 'conversations' },
  { path: '/conversations/:conversationId', page: 'conversation' },
  { path: '/profile', page: 'profile' },
];

/** The user's routes, or null for a role without routes (the error page). */
export function routesFor(user: CurrentUser): RouteEntry[] | null {
  if (user.admin) return adminRoutes;
  const { role, policy } = user.config.quality_monitoring;
  if (role === 'agent') return agentRoutes;
  if (role === 'supervisor') {
    return supervisorRoutes.filter((route) => !route.permission || policy[route.permission] === true);
  }
  return null;
}

/** Every path of every role as a pattern, the supervisor's table first: `/` is their home. */
const patterns = [...supervisorRoutes, ...agentRoutes, ...adminRoutes].map((route) => ({
  page: route.page,
  pattern: parse(route.path).pattern,
}));

/**
 * The page at `pathname` before the user is known, for its code to be asked for ahead (decision 0232), or null when
 * no table has it. A guess for the rare path whose page depends on the role (`/`); the role's own table still
 * decides what shows.
 */
export const pageAt = (pathname: string): PageKey | null =>
  patterns.find(({ pattern }) => pattern.test(pathname))?.page ?? null;
