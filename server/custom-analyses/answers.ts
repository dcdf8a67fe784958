// Writes a conversation's answers to its campaign's custom analyses: the analysis provider answers the questions'
// text when one is configured, the local engine the keyword rules otherwise. Run by the analysis job once the
// conversation's analysis is saved, so every new or changed transcript is answered again. The answers replace the
// conversation's earlier ones at once, so running it twice writes the same. The provider's request is recorded as
// usage of the campaign's organisation, with the answers it gave.
import type { Turn } from '../../contract/conversations';
import { findCampaignOrganisationId } from '../campaigns/store';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { answerFromRules } from '../domain/custom-analysis/rules-engine';
import { readTurns } from '../domain/evaluation/turns';
import { analysisClientFor } from '../engines/analysis';
import { askCustomAnalyses } from '../engines/custom-analysis/provider';
import type { ChatClient, TokenUsage } from '../engines/openai-compatible/chat';
import { clientFor } from '../engines/openai-compatible/redacting-client';
import { llmCallEvents } from '../usage/llm-calls';
import { recordUsage, type UsageEvent } from '../usage/store';
import { listCustomAnalyses, replaceConversationAnswers, type CustomAnalysisRow } from './store';

/** Provider failures are thrown (the job is retried); answers that do not fit their question are null. */
export async function answerCustomAnalyses(
  db: Database,
  config: Config,
  conversation: { id: string; campaignId: string; turns: readonly Turn[]; redactForProviders: boolean },
): Promise<void> {
  const questions = await listCustomAnalyses(db, conversation.campaignId);
  const configured = analysisClientFor(config);
  const client = configured && clientFor(configured, { redact: conversation.redactForProviders });
  const { answers, usage } = client
    ? await fromProvider(db, config, client, questions, conversation)
    : { answers: fromRules(questions, conversation), usage: [] };

  await db.transaction(async (tx) => {
    await replaceConversationAnswers(tx, conversation.id, answers);
    await recordUsage(tx, usage);
  });
}

type Conversation = Parameters<typeof answerCustomAnalyses>[2];

function fromRules(questions: readonly CustomAnalysisRow[], conversation: Conversation) {
  const turns = readTurns(conversation.turns);
  return questions.map((question) => {
    const answer = answerFromRules(question, turns);
    return {
      conversationId: conversation.id,
      analysisId: question.id,
      value: answer.value,
      engine: 'rules' as const,
      evidenceTurn: answer.evidenceTurn,
    };
  });
}

async function fromProvider(
  db: Database,
  config: Config,
  client: ChatClient,
  questions: readonly CustomAnalysisRow[],
  conversation: Conversation,
) {
  const { answers: values, usage } = await askCustomAnalyses(client, questions, conversation.turns);
  const answers = questions.map((question) => ({
    conversationId: conversation.id,
    analysisId: question.id,
    value: values.get(question.id) ?? null,
    engine: 'llm' as const,
    evidenceTurn: null,
  }));
  return { answers, usage: usage ? await usageOf(db, config, conversation, usage) : [] };
}

/** The provider call's usage event, counted for the campaign's organisation. */
async function usageOf(
  db: Database,
  config: Config,
  conversation: Conversation,
  usage: TokenUsage,
): Promise<UsageEvent[]> {
  const organisationId = await findCampaignOrganisationId(db, conversation.campaignId);
  if (organisationId === undefined) return [];
  const context = {
    organisationId,
    campaignId: conversation.campaignId,
    conversationId: conversation.id,
    feature: 'custom_analysis' as const,
    engine: 'llm',
    model: config.engines.analysis.provider?.model ?? null,
  };
  return llmCallEvents(context, [usage]);
}
