// Shared set-up of the custom analyses and conversation phases specs: a campaign of its own holding one analysed
// chat, and waiting until the chat's analysis has caught up with a change of definitions.
import { demoUserIds, settled, type ApiConversation } from './conversation-helpers';
import { expect, type ApiSession } from './fixtures';
import type { ApiCampaign } from './management/helpers';

export type ChatLine = { speaker: 'agent' | 'customer'; text: string };

/** A new campaign with one chat of the demo agent, analysed. */
export async function campaignWithChat(
  supervisor: ApiSession,
  name: string,
  language: 'en' | 'fr',
  messages: readonly ChatLine[],
) {
  const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name, language });
  const chat = await supervisor.post<ApiConversation>(`/campaigns/${campaign.id}/conversations`, {
    type: 'chat',
    agent_id: demoUserIds.agent,
    language,
    messages,
  });
  await settled(supervisor, chat.id);
  return { campaign, chat };
}

/** Waits until the conversation's `field`, as the API answers it, matches `expected` (its analysis ran again). */
export async function conversationOnceAnalysed<Field extends string>(
  api: ApiSession,
  id: string,
  field: Field,
  expected: Record<string, unknown> | unknown[],
): Promise<void> {
  await expect
    .poll(async () => (await api.get<Record<Field, unknown>>(`/conversations/${id}`))[field], {
      timeout: 90_000,
      intervals: [300, 1000],
    })
    .toMatchObject(expected);
}
