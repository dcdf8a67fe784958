// Conversations for the conversation page's e2e tests, made through the real API: calls recorded by espeak-ng,
// uploaded and transcribed by the server's own engine, and chats and emails posted as text.
import type { Locator, Page } from '@playwright/test';
import { expect, type ApiSession } from './fixtures';
import { spokenCall, type SpokenLine } from './spoken-call';

export const customerCareId = '019a0000-0000-7000-8000-000000000301';
export const serviceClientId = '019a0000-0000-7000-8000-000000000302';
export const demoUserIds = {
  agent: '019a0000-0000-7000-8000-000000000201',
  agent2: '019a0000-0000-7000-8000-000000000202',
  agent3: '019a0000-0000-7000-8000-000000000203',
};

export interface ApiTurn {
  speaker: 'agent' | 'customer';
  text: string;
  subject: string | null;
  start_s: number | null;
  end_s: number | null;
}

export interface ApiConversation {
  id: string;
  campaign_id: string;
  type: 'call' | 'chat' | 'email';
  status: 'transcribing' | 'analysing' | 'ready' | 'failed';
  status_reason: string | null;
  status_detail: string | null;
  agent: { id: string; name: string } | null;
  metadata: Record<string, string>;
  turns: ApiTurn[];
  transcript_version: number;
}

/** Uploads the lines as a recorded call to the campaign, for its agent. */
export function uploadCall(
  api: ApiSession,
  lines: readonly SpokenLine[],
  { campaignId = customerCareId, agentId = demoUserIds.agent } = {},
): Promise<ApiConversation> {
  return api.postForm<ApiConversation>('/calls/audio', {
    campaign_id: campaignId,
    agent_id: agentId,
    file: { name: 'call.wav', mimeType: 'audio/wav', buffer: spokenCall(lines) },
  });
}

/** The conversation once the server's work on it is over (ready or failed). */
export async function settled(api: ApiSession, id: string): Promise<ApiConversation> {
  let conversation: ApiConversation | undefined;
  await expect
    .poll(
      async () => {
        conversation = await api.get<ApiConversation>(`/conversations/${id}`);
        return conversation.status;
      },
      { timeout: 90_000, intervals: [500, 1000] },
    )
    .toMatch(/^(ready|failed)$/);
  return conversation as ApiConversation;
}

export const supportCall: SpokenLine[] = [
  { speaker: 'agent', text: 'Hello, thank you for calling customer care. How can I help you today?' },
  { speaker: 'customer', text: 'My internet connection stopped working yesterday evening.' },
  { speaker: 'agent', text: 'I am sorry to hear that. Let me check your line now.' },
];

let transcribedCall: Promise<ApiConversation> | undefined;

/** One recorded support call, uploaded and transcribed once per test worker. */
export function theSupportCall(api: ApiSession): Promise<ApiConversation> {
  transcribedCall ??= uploadCall(api, supportCall).then((call) => settled(api, call.id));
  return transcribedCall;
}

/** The transcript (or messages, emails) section of the conversation page. */
export const transcriptSection = (page: Page, name: RegExp): Locator => page.getByRole('region', { name });

/** The call's recording element. */
export const audioPlayer = (page: Page): Locator => page.locator('audio');

/** The recording's playback position, in seconds. */
export const playbackTime = (page: Page) =>
  audioPlayer(page).evaluate((audio: HTMLAudioElement) => audio.currentTime);
