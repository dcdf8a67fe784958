// API key rows → the contract's shape (unix seconds); never the hash.
import type { ApiKey } from '../../contract/api-keys';
import type { ApiKeyWithCreator } from './store';

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export function toApiKey(row: ApiKeyWithCreator): ApiKey {
  return {
    id: row.id,
    organisation_id: row.organisationId,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    created_by: { id: row.createdBy, name: row.creatorName },
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    expires_at: seconds(row.expiresAt),
    last_used_at: seconds(row.lastUsedAt),
    revoked_at: seconds(row.revokedAt),
  };
}
