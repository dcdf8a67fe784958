// The login service's audit entries: sign-in and its failures, sign-out, a refresh token's reuse, an admin logging
// in as another user. Each goes to the log of the account's organisation; an account of none (a platform admin
// outside every organisation) and an address with no account leave no entry, as no organisation's log is theirs.
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditDetails } from '../../contract/audit-log';
import { anonymousSource } from '../audit-log/source';
import { recordAuditEntry, type AuditSource } from '../audit-log/store';
import type { Database } from '../db/client';

interface Account {
  id: string;
  name: string;
  organisationId: string | null;
}

export async function recordAccountEvent(
  db: Database,
  request: FastifyRequest,
  account: Account,
  action: AuditAction,
  details: AuditDetails = {},
  source: AuditSource = anonymousSource(request, account),
): Promise<void> {
  if (!account.organisationId) return;
  await recordAuditEntry(db, source, {
    organisationId: account.organisationId,
    action,
    target: { type: 'user', id: account.id },
    details,
  });
}
