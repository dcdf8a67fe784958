// Coaching plans' rules beyond their shape: the focus items are items of a campaign of the agent's organisation
// the coach reads; an example is a conversation of the agent the coach reads; the suggestions and the progress
// are the dashboards' items' details of the agent's own conversations.
import type {
  CoachingFocusItemInput,
  CoachingPlanChanges,
  CoachingProgress,
  CoachingSuggestions,
  CoachingSuggestionsQuery,
  NewCoachingPlan,
} from '../../contract/coaching';
import { findCampaign } from '../campaigns/store';
import { findConversation } from '../conversations/store';
import type { Database } from '../db/client';
import { fromUnixSeconds } from '../db/time';
import { findItemDetails } from '../dashboards/graphs/item-details-store';
import type { GraphScope } from '../dashboards/graphs/scope-store';
import { itemsOf } from '../evaluation-grids/store';
import { canReadCampaign } from '../domain/access/campaigns';
import { canReadConversation } from '../domain/access/conversations';
import type { Principal, UserRecord } from '../domain/access/principal';
import { InvalidFields, NotFound } from '../errors';
import { insertPlan, putExample, replaceFocusItems, updatePlan, type PlanRecord } from './store';

type Problem = { path: string; message: string };

/** The campaign if the principal reads it; undefined when unknown or unreadable. */
async function readableCampaign(db: Database, principal: Principal, id: string) {
  try {
    const campaign = await findCampaign(db, id, principal.user.id);
    return canReadCampaign(principal.user, campaign, campaign.membership !== null) ? campaign : undefined;
  } catch (error) {
    if (error instanceof NotFound) return undefined;
    throw error;
  }
}

/** 400 with every focus item at fault: its campaign unread by the coach or of another organisation, or an item not in its grid. */
async function assertFocusItemsFit(
  db: Database,
  principal: Principal,
  organisationId: string,
  items: readonly CoachingFocusItemInput[],
) {
  const problems: Problem[] = [];
  const gridItems = new Map<string, Set<string> | undefined>();
  for (const [index, item] of items.entries()) {
    if (!gridItems.has(item.campaign_id)) {
      const campaign = await readableCampaign(db, principal, item.campaign_id);
      gridItems.set(
        item.campaign_id,
        campaign?.organisationId === organisationId
          ? new Set((await itemsOf(db, [campaign.id])).map((gridItem) => gridItem.id))
          : undefined,
      );
    }
    const known = gridItems.get(item.campaign_id);
    if (!known) {
      problems.push({
        path: `focus_items.${index}.campaign_id`,
        message: `The campaign ${item.campaign_id} is not one of the agent's organisation you read`,
      });
    } else if (!known.has(item.item_id)) {
      problems.push({
        path: `focus_items.${index}.item_id`,
        message: `The item ${item.item_id} is not in the campaign's grid`,
      });
    }
  }
  if (problems.length > 0) throw new InvalidFields('The focus items do not fit the plan', problems);
}

export function createPlan(
  db: Database,
  principal: Principal,
  agent: UserRecord & { organisationId: string },
  input: NewCoachingPlan,
): Promise<PlanRecord> {
  return db.transaction(async (tx) => {
    await assertFocusItemsFit(tx, principal, agent.organisationId, input.focus_items);
    const plan = await insertPlan(tx, {
      organisationId: agent.organisationId,
      agentId: agent.id,
      createdBy: principal.user.id,
      title: input.title,
      notes: input.notes,
      startedAt: input.started_at === undefined ? new Date() : fromUnixSeconds(input.started_at),
    });
    await replaceFocusItems(tx, plan.id, input.focus_items);
    return plan;
  });
}

/** Applies the changes; new focus items (or goals) ask the agent to acknowledge the plan again. */
export function changePlan(
  db: Database,
  principal: Principal,
  plan: PlanRecord,
  changes: CoachingPlanChanges,
): Promise<PlanRecord> {
  return db.transaction(async (tx) => {
    if (changes.focus_items) {
      await assertFocusItemsFit(tx, principal, plan.organisationId, changes.focus_items);
      await replaceFocusItems(tx, plan.id, changes.focus_items);
    }
    return updatePlan(tx, plan.id, {
      title: changes.title,
      status: changes.status,
      notes: changes.notes,
      startedAt: changes.started_at === undefined ? undefined : fromUnixSeconds(changes.started_at),
      ...(changes.focus_items ? { acknowledgedAt: null } : {}),
    });
  });
}

/** Attaches the conversation (or changes its note): one of the plan's agent's, that the coach reads (404 otherwise). */
export async function attachExample(
  db: Database,
  principal: Principal,
  plan: PlanRecord,
  conversationId: string,
  note: string,
) {
  const conversation = await findConversation(db, conversationId, principal.user.id);
  if (!canReadConversation(principal.user, conversation, conversation.membership !== null)) {
    throw new NotFound('Conversation');
  }
  if (conversation.agentId !== plan.agentId) {
    throw new InvalidFields('The conversation is not the agent’s', [
      { path: 'conversationId', message: 'The conversation is not one of the plan’s agent' },
    ]);
  }
  await putExample(db, plan.id, conversationId, note);
}

/** The agent's own conversations of one campaign over a period, as the dashboards count an agent's work. */
const agentScope = (
  agentId: string,
  campaignId: string,
  start: number | undefined,
  end: number | undefined,
): GraphScope => ({
  campaignIds: [campaignId],
  start,
  end,
  agentIds: undefined,
  topics: undefined,
  metadata: [],
  onlyAgent: agentId,
});

/** The agent's weakest items of the campaign over the period: lowest average item score first (ties in grid order). */
export async function suggestFocusItems(
  db: Database,
  query: CoachingSuggestionsQuery,
): Promise<CoachingSuggestions> {
  const details = await findItemDetails(
    db,
    agentScope(query.agent_id, query.campaign_id, query.startTs, query.endTs),
  );
  const scored = details.items.flatMap(({ counts: _counts, average_score, ...item }) =>
    average_score === null ? [] : [{ ...item, campaign_id: query.campaign_id, average_score }],
  );
  return {
    items: scored
      .map((item, order) => ({ item, order }))
      .sort((a, b) => a.item.average_score - b.item.average_score || a.order - b.order)
      .slice(0, query.limit)
      .map(({ item }) => item),
  };
}

const day = 24 * 60 * 60;
const week = 7 * day;
/** The weeks progress shows at most: a year. */
const maxWeeks = 52;

/** The Monday (UTC) starting the week of the instant, in Unix seconds. */
const mondayOf = (seconds: number) => {
  const midnight = Math.floor(seconds / day) * day;
  const weekday = (new Date(midnight * 1000).getUTCDay() + 6) % 7;
  return midnight - weekday * day;
};

const dayText = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * The agent's figures on each focus item, per week (Monday to Sunday, UTC, by the conversations' start) from the
 * plan's start to `now`: each week one items' details query per campaign of the focus items.
 */
export async function planProgress(
  db: Database,
  plan: PlanRecord,
  focusItems: readonly { campaignId: string; itemId: string }[],
  now: number,
): Promise<CoachingProgress> {
  const started = Math.floor(plan.startedAt.getTime() / 1000);
  const first = Math.max(mondayOf(started), mondayOf(now) - (maxWeeks - 1) * week);
  const weeks: number[] = [];
  for (let monday = first; monday <= now; monday += week) weeks.push(monday);
  const campaignIds = [...new Set(focusItems.map((item) => item.campaignId))];
  const figures = new Map<string, { answered: number; average_score: number | null }>();
  for (const monday of weeks) {
    for (const campaignId of campaignIds) {
      const scope = agentScope(plan.agentId, campaignId, Math.max(monday, started), monday + week - 1);
      for (const item of (await findItemDetails(db, scope)).items) {
        figures.set(`${monday}/${item.id}`, item);
      }
    }
  }
  return {
    weeks: weeks.map(dayText),
    items: focusItems.map(({ itemId }) => ({
      item_id: itemId,
      points: weeks.map((monday) => {
        const found = figures.get(`${monday}/${itemId}`);
        return {
          period_start: dayText(monday),
          evaluated: found?.answered ?? 0,
          average_score: found?.average_score ?? null,
        };
      }),
    })),
  };
}
