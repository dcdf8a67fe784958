// The plan form's values and rules (messages are i18n keys), and their conversion from and to the API's plan.
import { DateTime } from 'luxon';
import { z } from 'zod';
import {
  coachingStatuses,
  type CoachingPlan,
  type CoachingPlanChanges,
  type NewCoachingPlan,
} from '../../../../contract/coaching';

const targetSchema = z
  .string()
  .trim()
  .refine(
    (text) => text === '' || (/^\d+(\.\d+)?$/.test(text) && Number(text) <= 100),
    'coaching.form.targetRange',
  );

export const focusItemFormSchema = z.object({
  campaign_id: z.string(),
  campaign_name: z.string(),
  item_id: z.string(),
  item_name: z.string(),
  section_name: z.string(),
  target: targetSchema,
  due_date: z.string(),
});
export type FocusItemForm = z.infer<typeof focusItemFormSchema>;

/** A focus item just added from a campaign's item, with no goal or due date yet. */
export const newFocusItemForm = (
  campaign: { id: string; name: string },
  item: { id: string; name: string; section_name: string },
): FocusItemForm => ({
  campaign_id: campaign.id,
  campaign_name: campaign.name,
  item_id: item.id,
  item_name: item.name,
  section_name: item.section_name,
  target: '',
  due_date: '',
});

export const planFormSchema = z.object({
  title: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  status: z.enum(coachingStatuses),
  startedOn: z.iso.date('coaching.form.dayRequired'),
  notes: z.string().max(10_000, 'validation.tooLong'),
  focusItems: z.array(focusItemFormSchema).max(20, 'coaching.form.tooManyItems'),
});
export type PlanForm = z.infer<typeof planFormSchema>;

const dayOf = (seconds: number) => DateTime.fromSeconds(seconds, { zone: 'utc' }).toISODate() ?? '';
/** A plan starts at the beginning (UTC) of the day chosen. */
const startOf = (day: string) => Math.floor(DateTime.fromISO(day, { zone: 'utc' }).toSeconds());

export const newPlanForm = (): PlanForm => ({
  title: '',
  status: 'open',
  startedOn: DateTime.utc().toISODate(),
  notes: '',
  focusItems: [],
});

export const planFormOf = (plan: CoachingPlan): PlanForm => ({
  title: plan.title,
  status: plan.status,
  startedOn: dayOf(plan.started_at),
  notes: plan.notes,
  focusItems: plan.focus_items.map((item) => ({
    campaign_id: item.campaign_id,
    campaign_name: item.campaign_name,
    item_id: item.item_id,
    item_name: item.item_name,
    section_name: item.section_name,
    target: item.target_score === null ? '' : String(item.target_score),
    due_date: item.due_date ?? '',
  })),
});

const focusItemsOf = (form: PlanForm) =>
  form.focusItems.map((item) => ({
    campaign_id: item.campaign_id,
    item_id: item.item_id,
    target_score: item.target.trim() === '' ? null : Number(item.target),
    due_date: item.due_date === '' ? null : item.due_date,
  }));

export const newPlanOf = (agentId: string, form: PlanForm): NewCoachingPlan => ({
  agent_id: agentId,
  title: form.title.trim(),
  notes: form.notes,
  started_at: startOf(form.startedOn),
  focus_items: focusItemsOf(form),
});

/** Only what changed: new focus items ask the agent to acknowledge the plan again, so unchanged ones stay unsent. */
export function planChangesOf(before: PlanForm, after: PlanForm): CoachingPlanChanges {
  const items = focusItemsOf(after);
  return {
    ...(after.title.trim() !== before.title ? { title: after.title.trim() } : {}),
    ...(after.status !== before.status ? { status: after.status } : {}),
    ...(after.notes !== before.notes ? { notes: after.notes } : {}),
    ...(after.startedOn !== before.startedOn ? { started_at: startOf(after.startedOn) } : {}),
    ...(JSON.stringify(items) !== JSON.stringify(focusItemsOf(before)) ? { focus_items: items } : {}),
  };
}
