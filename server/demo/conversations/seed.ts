// Loads the demo conversations into the demo campaigns (with their phases and custom analyses, analyses.ts): 180
// in English and 140 in French, built by the same code as the API's (turns, search text, duration), queued for
// analysis and evaluated with the rules engine (a third of them validated, see evaluations.ts), so a new server
// shows a living product within seconds. Calls with real audio follow in the background when espeak-ng is
// installed.
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ingestAudioCall, textConversationValues } from '../../conversation-ingestion/service';
import { pipeline } from '../../jobs/pipeline';
import type { FileStorage } from '../../storage/files';
import type { Database } from '../../db/client';
import { demoCampaigns, demoOrganisation, demoUsers } from '../data';
import { newId } from '../../db/ids';
import { conversations } from '../../db/schema';
import { seedDemoAnalyses } from './analyses';
import { hasEspeak, speakCall } from './audio';
import { evaluateDemoConversations } from './evaluations';
import { planDemoConversations, type DemoCampaignPlan, type DemoConversationPlan } from './generate';

const agent = (user: { id: string; name: string }) => ({ id: user.id, name: user.name });

export const demoCampaignPlans: readonly DemoCampaignPlan[] = [
  {
    campaignId: demoCampaigns.customerCare.id,
    language: 'en',
    count: 180,
    agents: [agent(demoUsers.agent), agent(demoUsers.agent2)],
    products: ['Broadband', 'Mobile', 'TV'],
    regions: ['North', 'South', 'East', 'West'],
  },
  {
    campaignId: demoCampaigns.serviceClient.id,
    language: 'fr',
    count: 140,
    agents: [agent(demoUsers.agent3), agent(demoUsers.agent4)],
    products: ['Box internet', 'Mobile', 'TV'],
    regions: ['Île-de-France', 'Occitanie', 'Bretagne', 'Auvergne-Rhône-Alpes'],
  },
];

/** How many English calls get real audio when espeak-ng is installed. */
const audioCallCount = 6;
const insertBatchSize = 100;

function toRow({ campaignId, input }: DemoConversationPlan, now: Date) {
  const campaign = demoCampaignPlans.find((plan) => plan.campaignId === campaignId);
  const values = textConversationValues(input, campaign?.language ?? 'en', now);
  return { id: newId(values.startedAt), campaignId, ...values };
}

/**
 * Gives the demo campaigns their phases and custom analyses, stores the demo conversations, queues their analysis
 * and evaluates every demo conversation not yet evaluated,
 * in one transaction.
 */
export async function seedDemoConversations(db: Database, now = new Date()): Promise<number> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const rows = demoCampaignPlans.flatMap((campaign, index) =>
    planDemoConversations(campaign, { now: nowSeconds, seed: index + 1 }).map((plan) => toRow(plan, now)),
  );
  await db.transaction(async (tx) => {
    await seedDemoAnalyses(tx);
    for (let start = 0; start < rows.length; start += insertBatchSize) {
      const batch = rows.slice(start, start + insertBatchSize);
      await tx.insert(conversations).values(batch);
      await pipeline.afterIngestion(
        tx,
        batch.map((row) => ({ id: row.id, hasAudio: false })),
      );
    }
    await evaluateDemoConversations(tx, now);
  });
  return rows.length;
}

/**
 * Adds a few English calls with audio spoken by espeak-ng, uploaded as a person would (stored, then queued for
 * transcription by the local engine). Runs after the server is ready; without espeak-ng it only says so.
 */
export async function addDemoAudioCalls(
  {
    db,
    files,
    log,
    signal,
  }: {
    db: Database;
    files: FileStorage;
    log: { info(message: string): void };
    /** Stops making calls (the server is shutting down). */
    signal?: AbortSignal;
  },
  now = new Date(),
): Promise<void> {
  if (!(await hasEspeak())) {
    log.info('espeak-ng is not installed: the demo calls have no audio (Debian package espeak-ng)');
    return;
  }
  const campaign = demoCampaignPlans[0];
  if (!campaign) return;
  const calls = planDemoConversations(
    { ...campaign, count: 40 },
    { now: Math.floor(now.getTime() / 1000), seed: 99 },
  )
    .filter((plan) => plan.input.type === 'call')
    .slice(0, audioCallCount);
  const workDir = await mkdtemp(path.join(tmpdir(), 'qm-demo-calls-'));
  try {
    for (const [index, plan] of calls.entries()) {
      if (signal?.aborted) return;
      const { wav, durationSeconds } = await speakCall(plan.lines, campaign.language);
      const file = path.join(workDir, `call-${index}.wav`);
      await writeFile(file, wav);
      const { row } = await ingestAudioCall(
        { db, files, pipeline },
        {
          id: campaign.campaignId,
          name: demoCampaigns.customerCare.name,
          organisationId: demoOrganisation.id,
          language: campaign.language,
        },
        {
          path: file,
          mediaType: 'audio/wav',
          agentId: plan.input.agent_id,
          externalId: `demo-audio-${index + 1}`,
        },
      );
      await db
        .update(conversations)
        .set({
          startedAt: new Date(1000 * (plan.input.started_at ?? Math.floor(now.getTime() / 1000))),
          durationSeconds,
          metadata: plan.input.metadata ?? {},
        })
        .where(eq(conversations.id, row.id));
    }
    log.info(`Demo calls with audio: ${calls.length} spoken by espeak-ng, queued for transcription`);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
