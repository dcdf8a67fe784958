// The API keys' SQL: create, list and revoke an organisation's keys, and the one statement that authenticates a
// key on each request: it finds a live key by hash, counts the request in the key's one-minute window and sets
// the last-used time. Nothing is cached, so a revocation holds on every instance from its commit on.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '../../contract/api-keys';
import type { Database } from '../db/client';
import { apiKeys, users } from '../db/schema';
import { NotFound } from '../errors';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyWithCreator = ApiKeyRow & { creatorName: string };

export async function insertApiKey(
  tx: Database,
  key: Pick<
    ApiKeyRow,
    'id' | 'organisationId' | 'name' | 'scopes' | 'keyHash' | 'prefix' | 'createdBy' | 'expiresAt'
  >,
): Promise<ApiKeyRow> {
  const [row] = await tx.insert(apiKeys).values(key).returning();
  if (!row) throw new Error('The API key was not stored');
  return row;
}

const withCreator = { key: apiKeys, creatorName: users.name };

export async function listApiKeys(db: Database, organisationId: string): Promise<ApiKeyWithCreator[]> {
  const rows = await db
    .select(withCreator)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.organisationId, organisationId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ key, creatorName }) => ({ ...key, creatorName }));
}

export async function findApiKey(
  db: Database,
  organisationId: string,
  id: string,
): Promise<ApiKeyWithCreator> {
  const [row] = await db
    .select(withCreator)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.organisationId, organisationId), eq(apiKeys.id, id)));
  if (!row) throw new NotFound('API key');
  return { ...row.key, creatorName: row.creatorName };
}

/** Revokes the key (again is a no-op that keeps the first time); resolves to whether this call revoked it. */
export async function revokeApiKey(tx: Database, organisationId: string, id: string): Promise<boolean> {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(apiKeys.organisationId, organisationId), eq(apiKeys.id, id), sql`${apiKeys.revokedAt} is null`),
    )
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

export interface ApiKeyUse {
  id: string;
  name: string;
  organisationId: string;
  scopes: ApiKeyScope[];
  createdBy: string;
  /** Requests in the current window, this one included. */
  windowRequests: number;
  /** Seconds until the current window ends. */
  windowSecondsLeft: number;
}

/** The length of a rate-limit window. */
export const apiKeyWindowSeconds = 60;

/**
 * Counts a request of the live key with this hash (unrevoked, unexpired) and resolves to it; undefined when there
 * is none. One statement: a fixed window per key, started anew once a minute has passed since it began.
 */
export async function useApiKey(db: Database, keyHash: string): Promise<ApiKeyUse | undefined> {
  const fresh = sql`${apiKeys.windowStartedAt} is not null
    and ${apiKeys.windowStartedAt} > now() - make_interval(secs => ${apiKeyWindowSeconds})`;
  const [row] = await db
    .update(apiKeys)
    .set({
      lastUsedAt: sql`now()`,
      windowStartedAt: sql`case when ${fresh} then ${apiKeys.windowStartedAt} else now() end`,
      windowRequests: sql`case when ${fresh} then ${apiKeys.windowRequests} + 1 else 1 end`,
    })
    .where(
      and(
        eq(apiKeys.keyHash, keyHash),
        sql`${apiKeys.revokedAt} is null`,
        sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
      ),
    )
    .returning({
      id: apiKeys.id,
      name: apiKeys.name,
      organisationId: apiKeys.organisationId,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
      windowRequests: apiKeys.windowRequests,
      windowSecondsLeft: sql<number>`greatest(1, ceil(extract(epoch from
        ${apiKeys.windowStartedAt} + make_interval(secs => ${apiKeyWindowSeconds}) - now())))::int`,
    });
  return row;
}
