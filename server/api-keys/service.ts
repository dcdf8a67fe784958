// Creating and revoking an API key, each with its audit entry in the same transaction.
import type { ApiKeyScope } from '../../contract/api-keys';
import { appendAuditEntry, type AuditSource } from '../audit-log/store';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { displayPrefix, hashApiKeySecret, newApiKeySecret } from './secret';
import { findApiKey, insertApiKey, revokeApiKey, type ApiKeyWithCreator } from './store';

export async function createApiKey(
  db: Database,
  source: AuditSource,
  input: {
    organisationId: string;
    name: string;
    scopes: ApiKeyScope[];
    expiresAt: Date | null;
    createdBy: string;
  },
): Promise<{ key: string; row: ApiKeyWithCreator }> {
  const secret = newApiKeySecret();
  const id = await db.transaction(async (tx) => {
    const row = await insertApiKey(tx, {
      id: newId(),
      organisationId: input.organisationId,
      name: input.name,
      scopes: input.scopes,
      keyHash: hashApiKeySecret(secret),
      prefix: displayPrefix(secret),
      createdBy: input.createdBy,
      expiresAt: input.expiresAt,
    });
    await appendAuditEntry(tx, source, {
      organisationId: input.organisationId,
      action: 'api_key.created',
      target: { type: 'api_key', id: row.id },
      details: { name: row.name, scopes: row.scopes, expires_at: row.expiresAt?.toISOString() ?? null },
    });
    return row.id;
  });
  return { key: secret, row: await findApiKey(db, input.organisationId, id) };
}

/** Revokes the key; a key revoked already stays as it was, and logs nothing more. */
export async function revokeOrganisationApiKey(
  db: Database,
  source: AuditSource,
  organisationId: string,
  id: string,
): Promise<ApiKeyWithCreator> {
  const key = await findApiKey(db, organisationId, id);
  await db.transaction(async (tx) => {
    if (!(await revokeApiKey(tx, organisationId, id))) return;
    await appendAuditEntry(tx, source, {
      organisationId,
      action: 'api_key.revoked',
      target: { type: 'api_key', id },
      details: { name: key.name },
    });
  });
  return findApiKey(db, organisationId, id);
}
