// Evaluation grids' SQL: a campaign's grid (made empty at version 0 when first asked for), its versions, the ids
// its versions have used, publishing the next version, its one unpublished draft, copying the current version to
// another campaign, and the items of campaigns' grids as graphs name them.
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type {
  EvaluationGridContent,
  EvaluationItem,
  PublishEvaluationGrid,
} from '../../contract/evaluation-grids';
import type { GraphItem } from '../../contract/dashboards';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { evaluationGridVersions, evaluationGrids, users } from '../db/schema';
import { NotFound } from '../errors';

export type GridRecord = typeof evaluationGrids.$inferSelect;
export type GridVersionRecord = typeof evaluationGridVersions.$inferSelect;

const emptyContent: EvaluationGridContent = { sections: [], additional_scores: [] };

/** The campaign's grid; an empty one (version 0) is made the first time it is asked for. */
/** The condition joining a grid to its current version's row. */
export const currentVersionOfGrid = and(
  eq(evaluationGridVersions.gridId, evaluationGrids.id),
  eq(evaluationGridVersions.version, evaluationGrids.version),
);

export async function ensureCampaignGrid(db: Database, campaignId: string): Promise<GridRecord> {
  const [existing] = await db
    .select()
    .from(evaluationGrids)
    .where(eq(evaluationGrids.campaignId, campaignId));
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(evaluationGrids)
      .values({ id: newId(), campaignId, version: 0 })
      .onConflictDoNothing({ target: evaluationGrids.campaignId })
      .returning();
    if (made) {
      await tx.insert(evaluationGridVersions).values({ gridId: made.id, version: 0, content: emptyContent });
      return made;
    }
    // Another request made it first.
    const [theirs] = await tx
      .select()
      .from(evaluationGrids)
      .where(eq(evaluationGrids.campaignId, campaignId));
    if (!theirs) throw new NotFound('Evaluation grid');
    return theirs;
  });
}

/** The grid with this id; 404 when there is none. */
export async function findGrid(db: Database, id: string): Promise<GridRecord> {
  const [grid] = await db.select().from(evaluationGrids).where(eq(evaluationGrids.id, id));
  if (!grid) throw new NotFound('Evaluation grid');
  return grid;
}

/** One version of the grid; 404 when the grid has no such version. */
export async function findGridVersion(
  db: Database,
  gridId: string,
  version: number,
): Promise<GridVersionRecord> {
  const [row] = await db
    .select()
    .from(evaluationGridVersions)
    .where(and(eq(evaluationGridVersions.gridId, gridId), eq(evaluationGridVersions.version, version)));
  if (!row) throw new NotFound('Evaluation grid version');
  return row;
}

/** The grid's versions without their content, newest first. */
export function listGridVersions(db: Database, gridId: string) {
  return db
    .select({
      version: evaluationGridVersions.version,
      createdBy: evaluationGridVersions.createdBy,
      createdAt: evaluationGridVersions.createdAt,
    })
    .from(evaluationGridVersions)
    .where(eq(evaluationGridVersions.gridId, gridId))
    .orderBy(desc(evaluationGridVersions.version));
}

/** The content of every version of the grid, for the ids they have used. */
export async function listGridContents(db: Database, gridId: string): Promise<EvaluationGridContent[]> {
  const rows = await db
    .select({ content: evaluationGridVersions.content })
    .from(evaluationGridVersions)
    .where(eq(evaluationGridVersions.gridId, gridId));
  return rows.map((row) => row.content);
}

/**
 * Takes the grid's next version number, holding the grid's row until the transaction ends so that two
 * publications never take the same one.
 */
export async function takeNextVersion(tx: Database, gridId: string): Promise<number> {
  const [row] = await tx
    .update(evaluationGrids)
    .set({ version: sql`${evaluationGrids.version} + 1` })
    .where(eq(evaluationGrids.id, gridId))
    .returning({ version: evaluationGrids.version });
  if (!row) throw new NotFound('Evaluation grid');
  return row.version;
}

export async function insertGridVersion(
  tx: Database,
  gridId: string,
  version: number,
  content: EvaluationGridContent,
  createdBy: string | null,
): Promise<GridVersionRecord> {
  const [row] = await tx
    .insert(evaluationGridVersions)
    .values({ gridId, version, content, createdBy })
    .returning();
  if (!row) throw new Error('The grid version was not stored');
  return row;
}

/** The grid's draft with the name of who saved it last; null when the grid has none. */
export async function findGridDraft(db: Database, gridId: string) {
  const [row] = await db
    .select({
      content: evaluationGrids.draft,
      updatedAt: evaluationGrids.draftUpdatedAt,
      updatedById: evaluationGrids.draftUpdatedBy,
      updatedByName: users.name,
    })
    .from(evaluationGrids)
    .leftJoin(users, eq(users.id, evaluationGrids.draftUpdatedBy))
    .where(eq(evaluationGrids.id, gridId));
  if (!row) throw new NotFound('Evaluation grid');
  const { content, updatedAt } = row;
  if (content === null || updatedAt === null) return null;
  return { ...row, content, updatedAt };
}
export type GridDraftRecord = NonNullable<Awaited<ReturnType<typeof findGridDraft>>>;

/** Stores the grid's draft in place of the one it had. */
export async function saveGridDraft(
  db: Database,
  gridId: string,
  content: PublishEvaluationGrid,
  userId: string,
): Promise<void> {
  const saved = await db
    .update(evaluationGrids)
    .set({ draft: content, draftUpdatedAt: sql`now()`, draftUpdatedBy: userId })
    .where(eq(evaluationGrids.id, gridId))
    .returning({ id: evaluationGrids.id });
  if (saved.length === 0) throw new NotFound('Evaluation grid');
}

/** Drops the grid's draft, if it has one. */
export async function clearGridDraft(db: Database, gridId: string): Promise<void> {
  await db
    .update(evaluationGrids)
    .set({ draft: null, draftUpdatedAt: null, draftUpdatedBy: null })
    .where(eq(evaluationGrids.id, gridId));
}

/**
 * Gives the target campaign a grid whose version 1 is the source campaign's current version, item ids included;
 * nothing when the source has never published one.
 */
export async function copyCampaignGrid(
  tx: Database,
  sourceCampaignId: string,
  targetCampaignId: string,
  by: string,
) {
  const [source] = await tx
    .select({ content: evaluationGridVersions.content })
    .from(evaluationGrids)
    .innerJoin(evaluationGridVersions, currentVersionOfGrid)
    .where(and(eq(evaluationGrids.campaignId, sourceCampaignId), gt(evaluationGrids.version, 0)));
  if (!source) return;
  const gridId = newId();
  await tx.insert(evaluationGrids).values({ id: gridId, campaignId: targetCampaignId, version: 1 });
  await insertGridVersion(tx, gridId, 1, source.content, by);
}

/** The campaign's grid at its current version, with what it holds; null when it has none or never published. */
export async function findCurrentGrid(db: Database, campaignId: string) {
  const [row] = await db
    .select({
      gridId: evaluationGrids.id,
      version: evaluationGrids.version,
      content: evaluationGridVersions.content,
    })
    .from(evaluationGrids)
    .innerJoin(evaluationGridVersions, currentVersionOfGrid)
    .where(eq(evaluationGrids.campaignId, campaignId));
  return row && row.version > 0 ? row : null;
}

/** An item of a campaign's grid, as the newest version holding it has it, with its section's name there. */
export interface GridItemOfVersions {
  item: EvaluationItem;
  sectionName: string;
}

/**
 * Every item the campaigns' grids have held, each as the newest version holding it has it: the current version's
 * items in their order first, then those only older versions hold (evaluations made with them still answer them).
 */
export async function gridItemsOf(db: Database, campaignIds: string[]): Promise<GridItemOfVersions[]> {
  const versions = await db
    .select({ content: evaluationGridVersions.content })
    .from(evaluationGridVersions)
    .innerJoin(evaluationGrids, eq(evaluationGrids.id, evaluationGridVersions.gridId))
    .where(inArray(evaluationGrids.campaignId, campaignIds))
    .orderBy(desc(evaluationGridVersions.version), desc(evaluationGridVersions.createdAt));
  const items = new Map<string, GridItemOfVersions>();
  for (const { content } of versions)
    for (const section of content.sections)
      for (const item of section.items)
        if (!items.has(item.id)) items.set(item.id, { item, sectionName: section.name });
  return [...items.values()];
}

/** The items of the campaigns' grids, each named as the newest version holding it names it. */
export async function itemsOf(db: Database, campaignIds: string[]): Promise<GraphItem[]> {
  return (await gridItemsOf(db, campaignIds)).map(({ item, sectionName }) => ({
    id: item.id,
    name: item.name,
    type: item.type,
    section_name: sectionName,
  }));
}
