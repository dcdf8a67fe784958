// Who may manage an organisation's API keys (admins; supervisors with can_manage_security, their own), and what a
// request made with a key may reach: only routes that name a scope the key holds (decision 0227).
import type { ApiKeyScope } from '../../../contract/api-keys';
import { Forbidden } from '../../errors';
import { belongsTo, hasPermission, refuse, type Principal } from './principal';

export function assertCanManageApiKeys(principal: Principal, organisationId: string) {
  const { user } = principal;
  if (user.isAdmin) return;
  if (
    user.role === 'supervisor' &&
    belongsTo(user, organisationId) &&
    hasPermission(user, 'can_manage_security')
  ) {
    return;
  }
  refuse(user, organisationId, 'Organisation', 'You are not allowed to manage API keys');
}

/**
 * Throws 403 unless the key holds the scope the route names. A route that names none is closed to API keys:
 * they reach only what a scope covers.
 */
export function assertApiKeyScope(scopes: readonly ApiKeyScope[], routeScope: ApiKeyScope | undefined) {
  if (!routeScope) throw new Forbidden('API keys cannot use this route');
  if (!scopes.includes(routeScope)) {
    throw new Forbidden(`This API key lacks the scope ${routeScope}`);
  }
}
