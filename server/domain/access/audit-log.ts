// Who may read an organisation's audit log: admins any organisation's; supervisors with can_view_audit_log their
// own's; no one else, and never with an API key.
import { Forbidden } from '../../errors';
import { belongsTo, hasPermission, refuse, type Principal } from './principal';

/** The organisation a request reads: the one asked for, else the caller's own. */
export function auditLogOrganisation(principal: Principal, asked: string | undefined): string {
  const organisationId = asked ?? principal.user.organisationId;
  if (!organisationId) throw new Forbidden('Name the organisation whose audit log to read');
  return organisationId;
}

export function assertCanViewAuditLog(principal: Principal, organisationId: string) {
  const { user } = principal;
  if (user.isAdmin) return;
  if (
    user.role === 'supervisor' &&
    belongsTo(user, organisationId) &&
    hasPermission(user, 'can_view_audit_log')
  ) {
    return;
  }
  refuse(user, organisationId, 'Organisation', 'You are not allowed to view the audit log');
}
