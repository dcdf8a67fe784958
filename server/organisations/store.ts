// Organisations' SQL: organisations with their user and campaign counts, one by id, a page of them, a new one.
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { containing } from '../db/lists-store';
import { campaigns, organisations, users } from '../db/schema';
import { NotFound } from '../errors';

function selectOrganisations(db: Database) {
  return db
    .select({
      id: organisations.id,
      name: organisations.name,
      createdAt: organisations.createdAt,
      userCount: db.$count(users, eq(users.organisationId, organisations.id)),
      campaignCount: db.$count(campaigns, eq(campaigns.organisationId, organisations.id)),
    })
    .from(organisations);
}

export type OrganisationRow = Awaited<ReturnType<typeof selectOrganisations>>[number];

/** The organisation with its counts; 404 when there is none with this id. */
export async function findOrganisation(db: Database, id: string): Promise<OrganisationRow> {
  const [row] = await selectOrganisations(db).where(eq(organisations.id, id));
  if (!row) throw new NotFound('Organisation');
  return row;
}

/** The organisation as stored, without counts; null when there is none. */
export async function findOrganisationRecord(db: Database, id: string) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  return row ?? null;
}

/** Reads `limit + 1` organisations by id after `startAfter`, for a keyset page. */
export function listOrganisations(
  db: Database,
  { q, startAfter, limit }: { q?: string | undefined; startAfter?: string | undefined; limit: number },
) {
  return selectOrganisations(db)
    .where(and(containing(organisations.name, q), startAfter ? gt(organisations.id, startAfter) : undefined))
    .orderBy(asc(organisations.id))
    .limit(limit + 1);
}

/** Stores a new organisation; resolves to its id, or null when the name is taken. */
export async function insertOrganisation(db: Database, name: string): Promise<string | null> {
  const id = newId();
  const inserted = await db
    .insert(organisations)
    .values({ id, name })
    .onConflictDoNothing()
    .returning({ id: organisations.id });
  return inserted.length > 0 ? id : null;
}
