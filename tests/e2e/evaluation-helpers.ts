// The evaluation panel's e2e helpers: a chat evaluated with the demo grid on the real server, and the panel's parts
// as a person finds them.
import type { Locator, Page } from '@playwright/test';
import { customerCareId, demoUserIds } from './conversation-helpers';
import { expect, type ApiSession } from './fixtures';

export interface ApiEvaluation {
  status: 'queued' | 'running' | 'done' | 'failed';
  main_score: number | null;
  validated: boolean;
  items: { item_id: string; evidence: { turn: number; start?: number }[] }[];
}

export interface ApiConversationWithEvaluation {
  id: string;
  evaluation: ApiEvaluation | null;
}

export const chatMessages = [
  { speaker: 'agent', text: 'Hello and welcome to Demo Telecom customer care, this is Lucas speaking.' },
  { speaker: 'customer', text: 'My router keeps disconnecting every evening.' },
  { speaker: 'agent', text: 'Let us restart it together, unplug it for thirty seconds.' },
  { speaker: 'customer', text: 'Done, it works now.' },
  { speaker: 'agent', text: 'Is there anything else I can help you with today?' },
  { speaker: 'customer', text: 'No, that is all.' },
  { speaker: 'agent', text: 'Thank you for calling Demo Telecom, goodbye.' },
];

/** The conversation once its evaluation (automatic after the analysis) is done. */
export async function evaluated(api: ApiSession, id: string): Promise<ApiConversationWithEvaluation> {
  let conversation: ApiConversationWithEvaluation | undefined;
  await expect
    .poll(
      async () => {
        conversation = await api.get<ApiConversationWithEvaluation>(`/conversations/${id}`);
        return conversation.evaluation?.status ?? 'none';
      },
      { timeout: 100_000, intervals: [300, 500, 1000] },
    )
    .toBe('done');
  return conversation as ApiConversationWithEvaluation;
}

/** Waits until the conversation's own processing (analysis) is over, so that launching has turns to read. */
export async function settledStatus(api: ApiSession, id: string): Promise<void> {
  await expect
    .poll(async () => (await api.get<{ status: string }>(`/conversations/${id}`)).status, { timeout: 60_000 })
    .toBe('ready');
}

/** A chat of the demo agent in Customer Care (or `campaignId`), evaluated with its grid. */
export async function evaluatedChat(
  api: ApiSession,
  campaignId = customerCareId,
): Promise<ApiConversationWithEvaluation> {
  const { id } = await api.post<{ id: string }>(`/campaigns/${campaignId}/conversations`, {
    type: 'chat',
    agent_id: demoUserIds.agent,
    started_at: Math.floor(Date.now() / 1000) - 3600,
    duration_s: 300,
    language: 'en',
    metadata: {},
    messages: chatMessages,
  });
  return evaluated(api, id);
}

export const panelOf = (page: Page): Locator =>
  page.getByRole('region', { name: /^(Evaluation|Évaluation)$/ });
export const itemOf = (panel: Locator, name: string): Locator =>
  panel.getByRole('listitem', { name, exact: true });
export const mainScore = (panel: Locator): Locator => panel.getByTestId('main-score');
export const percent = (score: number, locale = 'en') =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(score / 100);
