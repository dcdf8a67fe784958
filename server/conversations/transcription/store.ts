// Transcription's SQL: the call a launch or a job is about, the launch itself, and the transcript a job writes
// with the analysis that follows it.
import { and, eq, sql } from 'drizzle-orm';
import type { EngineRun, Turn } from '../../../contract/conversations';
import type { Database } from '../../db/client';
import { campaignMembers, campaigns, conversations } from '../../db/schema';
import { NotFound } from '../../errors';
import { transcriptionUsage } from '../../usage/conversation-usage';
import { recordConversationUsage } from '../../usage/store';
import type { ConversationRow } from '../present';
import { findConversationRows } from '../store';

/** The conversation with what the access rules need, and the viewer's membership of its campaign; 404 if none. */
export async function findCallForLaunch(db: Database, conversationId: string, viewerId: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      type: conversations.type,
      audioKey: conversations.audioKey,
      agentId: conversations.agentId,
      organisationId: campaigns.organisationId,
      role: campaignMembers.role,
      policy: campaignMembers.policy,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .leftJoin(
      campaignMembers,
      and(eq(campaignMembers.campaignId, conversations.campaignId), eq(campaignMembers.userId, viewerId)),
    )
    .where(eq(conversations.id, conversationId));
  if (!row) throw new NotFound('Conversation');
  const { role, policy, ...call } = row;
  return { ...call, membership: role ? { role, policy: policy ?? {} } : null };
}

/** The whole conversation with its agent's and campaign's names, as the API answers it. */
export async function findConversationRow(db: Database, conversationId: string): Promise<ConversationRow> {
  const [row] = await findConversationRows(db, eq(conversations.id, conversationId));
  if (!row) throw new NotFound('Conversation');
  return row;
}

/** Marks the call as waiting for its transcript. */
export async function markTranscribing(db: Database, conversationId: string) {
  await db
    .update(conversations)
    .set({ status: 'transcribing', statusReason: null, statusDetail: null })
    .where(eq(conversations.id, conversationId));
}

/**
 * What the transcription job reads: the call's audio and language, and whether its campaign stores transcripts
 * redacted; null when the conversation is gone.
 */
export async function findCallToTranscribe(db: Database, conversationId: string) {
  const [row] = await db
    .select({
      audioKey: conversations.audioKey,
      language: conversations.language,
      redactAtIngestion: campaigns.redactAtIngestion,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .where(eq(conversations.id, conversationId));
  return row ?? null;
}

/**
 * Writes the transcript over the call's turns (a new transcript version, edits included), with the duration of
 * its audio and the engine that made it, the call now waiting for its analysis; the seconds transcribed are
 * recorded as usage.
 */
export async function saveTranscript(
  db: Database,
  conversationId: string,
  transcript: { turns: Turn[]; durationSeconds: number; run: EngineRun },
) {
  await db
    .update(conversations)
    .set({
      turns: transcript.turns,
      searchText: transcript.turns.map((turn) => turn.text).join('\n'),
      durationSeconds: Math.round(transcript.durationSeconds),
      transcriptVersion: sql`${conversations.transcriptVersion} + 1`,
      transcription: transcript.run,
      status: 'analysing',
      statusReason: null,
      statusDetail: null,
    })
    .where(eq(conversations.id, conversationId));
  await recordConversationUsage(db, [conversationId], () =>
    transcriptionUsage(transcript.run, transcript.durationSeconds),
  );
}
