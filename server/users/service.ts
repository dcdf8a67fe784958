// Changing a user, with an audit entry for each change of role, policy or status in the same transaction.
import type { UpdateUser } from '../../contract/users';
import type { AuditAction } from '../../contract/audit-log';
import { appendAuditEntry, type AuditSource } from '../audit-log/store';
import type { Database } from '../db/client';
import { canonicalJson } from '../audit-log/chain';
import type { users } from '../db/schema';
import { updateUser } from './store';

type UserRow = typeof users.$inferSelect;

/** The audited fields, each with its action. */
const audited = [
  ['role', 'user.role_changed'],
  ['policy', 'user.policy_changed'],
  ['status', 'user.status_changed'],
] as const satisfies readonly (readonly [keyof UpdateUser & keyof UserRow, AuditAction])[];

export async function changeUser(
  db: Database,
  source: AuditSource,
  before: UserRow,
  changes: UpdateUser,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const after = (await updateUser(tx, before.id, changes)) ?? before;
    for (const [field, action] of audited) {
      if (!before.organisationId || canonicalJson(before[field]) === canonicalJson(after[field])) continue;
      await appendAuditEntry(tx, source, {
        organisationId: before.organisationId,
        action,
        target: { type: 'user', id: before.id },
        details: { before: before[field], after: after[field] },
      });
    }
    return after;
  });
}
