// Audit log rows → the contract's shape (unix seconds; the chain's hash kept for readers who check it).
import type { AuditEntry } from '../../contract/audit-log';
import type { AuditRow } from './store';

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    organisation_id: row.organisationId,
    sequence: row.sequence,
    actor: { type: row.actorType, id: row.actorId, name: row.actorName },
    action: row.action,
    target: { type: row.targetType, id: row.targetId },
    ip: row.ip,
    user_agent: row.userAgent,
    at: Math.floor(row.at.getTime() / 1000),
    details: row.details,
    hash: row.hash,
  };
}
