// Turns conversation rows into the API's shapes: the summary lists show, and the whole conversation.
import type { Conversation, ConversationSummary } from '../../contract/conversations';
import type { conversations } from '../db/schema';
import { toEvaluation } from '../evaluations/present';
import type { EvaluationRecord } from '../evaluations/store';
import { toUnixSeconds } from '../db/time';

/** What a list shows of a conversation's evaluation. */
type EvaluationSummaryRow = Pick<
  EvaluationRecord,
  'status' | 'mainScore' | 'autoFailed' | 'validated' | 'validatedBy' | 'validatedAt'
>;

/** The columns of a conversation a summary shows (the list selects these only). */
type ConversationSummaryColumn =
  | 'id'
  | 'campaignId'
  | 'type'
  | 'agentId'
  | 'status'
  | 'statusReason'
  | 'statusDetail'
  | 'language'
  | 'startedAt'
  | 'durationSeconds'
  | 'metadata'
  | 'externalId'
  | 'sentiment'
  | 'topics'
  | 'audioKey'
  | 'createdAt';

/** A conversation row with its agent's name and its evaluation's summary, as the stores read it. */
export type ConversationSummaryRow = Pick<typeof conversations.$inferSelect, ConversationSummaryColumn> & {
  agentName: string | null;
  evaluation: EvaluationSummaryRow | null;
};

/** A whole conversation row with its agent's and campaign's names and its current evaluation. */
export type ConversationRow = Omit<typeof conversations.$inferSelect, 'searchVector'> & {
  agentName: string | null;
  campaignName: string;
  evaluation: EvaluationRecord | null;
};

export const toConversationSummary = (row: ConversationSummaryRow): ConversationSummary => ({
  id: row.id,
  campaign_id: row.campaignId,
  type: row.type,
  agent: row.agentId ? { id: row.agentId, name: row.agentName ?? '' } : null,
  status: row.status,
  status_reason: row.statusReason,
  status_detail: row.statusDetail,
  language: row.language,
  started_at: toUnixSeconds(row.startedAt),
  duration_s: row.durationSeconds,
  metadata: row.metadata,
  external_id: row.externalId,
  sentiment: row.sentiment,
  topics: row.topics,
  has_audio: row.audioKey !== null,
  created_at: toUnixSeconds(row.createdAt),
  evaluation: row.evaluation && {
    status: row.evaluation.status,
    main_score: row.evaluation.mainScore,
    auto_failed: row.evaluation.autoFailed,
    validated: row.evaluation.validated,
    validated_by: row.evaluation.validatedBy,
    validated_at: row.evaluation.validatedAt ? toUnixSeconds(row.evaluation.validatedAt) : null,
  },
});

export const toConversation = (row: ConversationRow): Conversation => ({
  ...toConversationSummary(row),
  campaign_name: row.campaignName,
  is_test: row.isTest,
  turns: row.turns,
  phases: row.phases,
  transcript_version: row.transcriptVersion,
  transcription: row.transcription,
  analysis: row.analysis,
  evaluation: row.evaluation ? toEvaluation(row.evaluation) : null,
});
