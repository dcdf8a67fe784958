// An export's evaluation detail (`detail=items`): for each item of the campaign's grid its answer, score and
// comment, then who validated the evaluation and when; read a batch of conversations at a time.
import type { EvaluationItem } from '../../../contract/evaluation-grids';
import type { EvaluationItemResult, EvaluationValue } from '../../../contract/evaluations';
import type { Database } from '../../db/client';
import type { GridItemOfVersions } from '../../evaluation-grids/store';
import type { ExportColumn } from '../../files/export-column';
import type { ListedConversationRow } from '../list-store';
import { evaluationDetailsOf } from './evaluation-detail-store';

/** What the detail adds to a listed conversation: its evaluation's answers by item id, and its validator's name. */
export interface EvaluationDetail {
  items: Map<string, EvaluationItemResult>;
  validatorName: string | null;
}

export type DetailedConversationRow = ListedConversationRow & { detail: EvaluationDetail | null };

/** The batches with each conversation's evaluation detail, one query per batch. */
export async function* withEvaluationDetail(
  db: Database,
  batches: AsyncIterable<ListedConversationRow[]>,
): AsyncGenerator<DetailedConversationRow[]> {
  for await (const batch of batches) {
    const rows = await evaluationDetailsOf(
      db,
      batch.map((row) => row.id),
    );
    const details = new Map(
      rows.map((row): [string, EvaluationDetail] => [
        row.conversationId,
        { items: new Map(row.items.map((item) => [item.item_id, item])), validatorName: row.validatorName },
      ]),
    );
    yield batch.map((row) => ({ ...row, detail: details.get(row.id) ?? null }));
  }
}

/** An answer as a reader of the file reads it: yes / no / na, a level's name, each sub-item's answer. */
function answerText(item: EvaluationItem, value: EvaluationValue | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number')
    return item.type === 'multiple_levels_item' ? (item.levels[value]?.name ?? null) : null;
  if (item.type !== 'composed_item') return null;
  return item.sub_items
    .filter((sub) => value[sub.id] !== undefined)
    .map((sub) => `${sub.name}: ${value[sub.id]}`)
    .join('; ');
}

/**
 * For each grid item, `item.<section>/<item>.answer`, `.score` (0–100) and `.comment`, empty where the conversation
 * has no evaluation or its evaluation did not answer the item; then `validated_by` (the validator's name) and
 * `validated_at`.
 */
export function evaluationDetailColumns(
  items: readonly GridItemOfVersions[],
): ExportColumn<DetailedConversationRow>[] {
  const result = (row: DetailedConversationRow, itemId: string) => row.detail?.items.get(itemId);
  return [
    ...items.flatMap(({ item, sectionName }): ExportColumn<DetailedConversationRow>[] => {
      const name = `item.${sectionName}/${item.name}`;
      return [
        {
          header: `${name}.answer`,
          width: 14,
          cell: (row) => answerText(item, result(row, item.id)?.value ?? null),
        },
        { header: `${name}.score`, width: 8, cell: (row) => result(row, item.id)?.score ?? null },
        { header: `${name}.comment`, width: 30, cell: (row) => result(row, item.id)?.comment ?? null },
      ];
    }),
    { header: 'validated_by', width: 24, cell: (row) => row.detail?.validatorName ?? null },
    { header: 'validated_at', width: 22, date: true, cell: (row) => row.evaluation?.validatedAt ?? null },
  ];
}
