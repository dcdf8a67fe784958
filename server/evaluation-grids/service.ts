// Publishing a grid's next version: ids given are checked against those the grid has used, the missing ones made
// new, and the version stored, in one transaction that holds the grid so versions never collide; alerts watching
// what the version drops are turned off and the grid's draft is cleared in it. Saving a draft checks its ids the
// same way, so that a draft saved can be published.
import type {
  EvaluationGridContent,
  EvaluationSection,
  PublishEvaluationGrid,
} from '../../contract/evaluation-grids';
import { disableAlertsLeftBehind } from '../alerts/service';
import { appendAuditEntry, type AuditSource } from '../audit-log/store';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { Unprocessable } from '../errors';
import {
  clearGridDraft,
  findGridDraft,
  insertGridVersion,
  listGridContents,
  saveGridDraft,
  takeNextVersion,
  type GridRecord,
} from './store';

type IdKind = 'section' | 'item' | 'sub-item' | 'additional score';

/** Every id the contents have used, with what it named. */
function usedIds(contents: EvaluationGridContent[]): Map<string, IdKind> {
  const used = new Map<string, IdKind>();
  for (const content of contents) {
    for (const section of content.sections) {
      used.set(section.id, 'section');
      for (const item of section.items) {
        used.set(item.id, 'item');
        if (item.type !== 'composed_item') continue;
        for (const sub of item.sub_items) used.set(sub.id, 'sub-item');
      }
    }
    for (const score of content.additional_scores) used.set(score.id, 'additional score');
  }
  return used;
}

/** The grid's content with an id for everything: a given one when the grid used it for the same kind, else new. */
function withIds(input: PublishEvaluationGrid, used: Map<string, IdKind>): EvaluationGridContent {
  const idFor = (id: string | undefined, kind: IdKind): string => {
    if (id === undefined) return newId();
    if (used.get(id) !== kind) {
      throw new Unprocessable(
        `The ${kind} id ${id} is not one this grid has used for a ${kind}; leave it out for a new one`,
      );
    }
    return id;
  };
  const sections: EvaluationSection[] = input.sections.map((section) => ({
    ...section,
    id: idFor(section.id, 'section'),
    items: section.items.map((item) =>
      item.type === 'composed_item'
        ? {
            ...item,
            id: idFor(item.id, 'item'),
            sub_items: item.sub_items.map((sub) => ({ ...sub, id: idFor(sub.id, 'sub-item') })),
          }
        : { ...item, id: idFor(item.id, 'item') },
    ),
  }));
  const additionalScores = input.additional_scores.map((score) => ({
    ...score,
    id: idFor(score.id, 'additional score'),
  }));
  return { sections, additional_scores: additionalScores };
}

/**
 * The draft with an id for everything, as publishing it would give them (422 for an id the grid never used), and
 * whether an id is new to the grid.
 */
export async function draftContent(db: Database, gridId: string, input: PublishEvaluationGrid) {
  const used = usedIds(await listGridContents(db, gridId));
  return { content: withIds(input, used), isNew: (id: string) => !used.has(id) };
}

/**
 * Publishes the input as the grid's next version; resolves to the stored version. The campaign's alerts watching
 * something the version drops are turned off in the same transaction.
 */
export function publishGrid(
  db: Database,
  grid: GridRecord,
  input: PublishEvaluationGrid,
  userId: string,
  audit?: { source: AuditSource; organisationId: string },
) {
  return db.transaction(async (tx) => {
    const version = await takeNextVersion(tx, grid.id);
    const content = withIds(input, usedIds(await listGridContents(tx, grid.id)));
    const stored = await insertGridVersion(tx, grid.id, version, content, userId);
    await disableAlertsLeftBehind(tx, grid.campaignId, content);
    await clearGridDraft(tx, grid.id);
    if (audit) {
      await appendAuditEntry(tx, audit.source, {
        organisationId: audit.organisationId,
        action: 'evaluation_grid.published',
        target: { type: 'evaluation_grid', id: grid.id },
        details: { campaign_id: grid.campaignId, version },
      });
    }
    return stored;
  });
}

/**
 * Saves the input as the grid's draft, as sent (new parts keep no id until they are published), once its ids are
 * known to be ones publishing would accept (422 otherwise); resolves to the draft stored.
 */
export async function saveDraft(
  db: Database,
  grid: GridRecord,
  input: PublishEvaluationGrid,
  userId: string,
) {
  await draftContent(db, grid.id, input);
  await saveGridDraft(db, grid.id, input, userId);
  const saved = await findGridDraft(db, grid.id);
  if (!saved) throw new Error('The grid draft was not stored');
  return saved;
}
