// Turns plan rows into the API's plan shape: names of the agent, the coach, the campaigns and the grid items, and
// the example conversations.
import type { CoachingPlan } from '../../contract/coaching';
import type { Database } from '../db/client';
import { toUnixSeconds } from '../db/time';
import { listExamples, listFocusItems, listGridItems, listUserNames, type PlanRecord } from './store';

export async function toPlans(db: Database, rows: readonly PlanRecord[]): Promise<CoachingPlan[]> {
  const planIds = rows.map((row) => row.id);
  const [focusItems, examples, names] = await Promise.all([
    listFocusItems(db, planIds),
    listExamples(db, planIds),
    listUserNames(db, [
      ...new Set(rows.flatMap((row) => [row.agentId, ...(row.createdBy ? [row.createdBy] : [])])),
    ]),
  ]);
  const gridItems = await listGridItems(
    db,
    focusItems.map(({ focus }) => focus.campaignId),
  );
  return rows.map((row) => ({
    id: row.id,
    organisation_id: row.organisationId,
    agent: { id: row.agentId, name: names.get(row.agentId) ?? '' },
    created_by:
      row.createdBy && names.has(row.createdBy)
        ? { id: row.createdBy, name: names.get(row.createdBy) ?? '' }
        : null,
    title: row.title,
    status: row.status,
    notes: row.notes,
    started_at: toUnixSeconds(row.startedAt),
    acknowledged_at: row.acknowledgedAt ? toUnixSeconds(row.acknowledgedAt) : null,
    created_at: toUnixSeconds(row.createdAt),
    updated_at: toUnixSeconds(row.updatedAt),
    focus_items: focusItems
      .filter(({ focus }) => focus.planId === row.id)
      .map(({ focus, campaignName }) => {
        const item = gridItems.get(`${focus.campaignId}/${focus.itemId}`);
        return {
          campaign_id: focus.campaignId,
          campaign_name: campaignName,
          item_id: focus.itemId,
          item_name: item?.name ?? '',
          section_name: item?.section_name ?? '',
          target_score: focus.targetScore,
          due_date: focus.dueDate,
        };
      }),
    examples: examples
      .filter((example) => example.planId === row.id)
      .map((example) => ({
        conversation_id: example.conversationId,
        campaign_name: example.campaignName,
        type: example.type,
        started_at: toUnixSeconds(example.startedAt),
        main_score: example.mainScore,
        note: example.note,
      })),
  }));
}
