// Ingestion: a conversation posted as text is checked, built and stored; an audio call is stored as a file, then
// as a conversation. Each new conversation goes to the pipeline in the transaction that stores it (a text is
// analysed, a call transcribed). A second post of the same external id answers the conversation already there.
import type { NewConversation } from '../../contract/conversation-ingestion';
import type { Turn } from '../../contract/conversations';
import type { Language } from '../../contract/enums';
import type { CampaignRecord } from '../campaigns/store';
import type { ConversationPipeline } from '../context';
import type { Database } from '../db/client';
import { assertConversationAgent } from '../domain/conversation-agent';
import { conversationContent, searchTextOf } from '../domain/new-conversation';
import { newFileKey, type FileStorage } from '../storage/files';
import type { ConversationRow } from '../conversations/present';
import type { AudioMediaType } from './audio';
import { HttpError } from '../errors';
import {
  findAgentCandidate,
  findAgentCandidates,
  findByExternalId,
  insertConversation,
  insertConversations,
  type NewConversationRow,
  type StoredOutcome,
} from './store';

type Campaign = Pick<CampaignRecord, 'id' | 'organisationId' | 'language' | 'name'>;
/** A campaign that text is stored for: its redaction setting applies as the text arrives. */
type TextCampaign = Campaign & Pick<CampaignRecord, 'redactAtIngestion'>;

/** What ingestion writes with: the database, and the pipeline the new conversations go to. */
export interface IngestionDeps {
  db: Database;
  pipeline: Pick<ConversationPipeline, 'afterIngestion' | 'storedTurns'>;
}

/** A text conversation's values with its turns as the pipeline stores them (redacted when the campaign asks). */
export function storedText<Values extends { turns: Turn[]; searchText: string }>(
  pipeline: Pick<ConversationPipeline, 'storedTurns'>,
  campaign: Pick<TextCampaign, 'redactAtIngestion'>,
  values: Values,
): Values {
  const turns = pipeline.storedTurns(campaign, values.turns);
  return turns === values.turns ? values : { ...values, turns, searchText: searchTextOf(turns) };
}

export interface Ingested {
  /** False when a conversation with the same external id was already there: it is the one answered. */
  created: boolean;
  row: ConversationRow;
}

/**
 * Stores the conversation and hands it, when new, to the pipeline (a call with audio is transcribed, a text
 * analysed), with what belongs with it (`alongside`: a test call's record), all in one transaction.
 */
export function storeConversation(
  { db, pipeline }: IngestionDeps,
  values: NewConversationRow,
  names: Pick<ConversationRow, 'agentName' | 'campaignName'>,
  alongside?: (tx: Database, conversationId: string) => Promise<void>,
): Promise<Ingested> {
  return db.transaction(async (tx) => {
    const stored = await insertConversation(tx, values, names);
    if (stored.created) {
      await pipeline.afterIngestion(tx, [{ id: stored.row.id, hasAudio: Boolean(values.audioKey) }]);
      await alongside?.(tx, stored.row.id);
    }
    return stored;
  });
}

/** The agent's name, once they are found fit to be the conversation's agent. */
async function agentNameOf(db: Database, agentId: string, campaign: Campaign): Promise<string> {
  const agent = await findAgentCandidate(db, agentId);
  assertConversationAgent(agent, campaign.organisationId);
  return agent?.name ?? '';
}

/**
 * The row a chat, an email thread or a call given as text is stored as, its analysis to come; the campaign's
 * language stands in when the text's own cannot be told.
 */
export function textConversationValues(input: NewConversation, campaignLanguage: Language, now: Date) {
  const content = conversationContent(input, campaignLanguage, now);
  return {
    type: input.type,
    agentId: input.agent_id,
    status: 'analysing' as const,
    language: content.language,
    startedAt: content.startedAt,
    durationSeconds: content.durationSeconds,
    metadata: input.metadata ?? {},
    externalId: input.external_id ?? null,
    turns: content.turns,
    searchText: content.searchText,
  };
}

/** Stores a chat, an email thread or a call given as text, for its analysis. */
export async function ingestConversation(
  deps: IngestionDeps,
  campaign: TextCampaign,
  input: NewConversation,
): Promise<Ingested> {
  const agentName = await agentNameOf(deps.db, input.agent_id, campaign);
  return storeConversation(
    deps,
    {
      campaignId: campaign.id,
      ...storedText(deps.pipeline, campaign, textConversationValues(input, campaign.language, new Date())),
    },
    { agentName, campaignName: campaign.name },
  );
}

/** Prefixes a refusal of one conversation of a batch with where it is, so that the sender can find it. */
function inBatchItem<T>(index: number, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof HttpError)
      throw new HttpError(error.statusCode, `conversations.${index}: ${error.detail}`);
    throw error;
  }
}

/**
 * Stores a batch of conversations given as text, all or none, for their analyses: every agent is checked and
 * every conversation built before anything is written.
 */
export async function ingestConversations(
  { db, pipeline }: IngestionDeps,
  campaign: TextCampaign,
  inputs: readonly NewConversation[],
): Promise<StoredOutcome[]> {
  const agents = await findAgentCandidates(db, [...new Set(inputs.map((input) => input.agent_id))]);
  const now = new Date();
  const values = inputs.map((input, index) =>
    inBatchItem(index, () => {
      assertConversationAgent(agents.get(input.agent_id), campaign.organisationId);
      return storedText(pipeline, campaign, textConversationValues(input, campaign.language, now));
    }),
  );
  return db.transaction(async (tx) => {
    const outcomes = await insertConversations(tx, campaign.id, values);
    const created = outcomes.filter((outcome) => outcome.created);
    await pipeline.afterIngestion(
      tx,
      created.map(({ id }) => ({ id, hasAudio: false })),
    );
    return outcomes;
  });
}

export interface AudioCall {
  /** The upload's temporary file. */
  path: string;
  mediaType: AudioMediaType;
  agentId: string | undefined;
  /** Null for a call that is never the same as another (a test call): nothing is looked up. */
  externalId: string | null;
  /** A test call's conversation, with what is stored alongside it. */
  test?: { alongside: (tx: Database, conversationId: string) => Promise<void> };
}

/**
 * Stores the audio under a new key, then the call in the campaign's language (its transcript tells the rest),
 * for its transcription. A known external id stores nothing; a failed insert removes the file again. A test
 * call is stored as a test conversation, with its record alongside.
 */
export async function ingestAudioCall(
  { files, ...deps }: IngestionDeps & { files: FileStorage },
  campaign: Campaign,
  call: AudioCall,
): Promise<Ingested> {
  const { db } = deps;
  const agentName = call.agentId ? await agentNameOf(db, call.agentId, campaign) : null;
  const existing = call.externalId && (await findByExternalId(db, campaign.id, call.externalId));
  if (existing) return { created: false, row: existing };

  const audioKey = newFileKey('audio', call.mediaType);
  await files.putFile(audioKey, call.path);
  const ingested = await storeConversation(
    deps,
    {
      campaignId: campaign.id,
      type: 'call',
      agentId: call.agentId ?? null,
      status: 'transcribing',
      language: campaign.language,
      startedAt: new Date(),
      externalId: call.externalId,
      audioKey,
      audioMediaType: call.mediaType,
      isTest: call.test !== undefined,
    },
    { agentName, campaignName: campaign.name },
    call.test?.alongside,
  ).catch(async (error: unknown) => {
    await files.delete(audioKey);
    throw error;
  });
  // A concurrent upload of the same audio got there first: this copy of the file is not needed.
  if (!ingested.created) await files.delete(audioKey);
  return ingested;
}
