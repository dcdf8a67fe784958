// The conversation list's filters turned into criteria the stores write as SQL: the agent scope applied to them
// and empty filters dropped.
import type { ConversationFilters, ConversationStatus } from '../../contract/conversations';
import type { ConversationType, Language, Sentiment } from '../../contract/enums';
import { durationFilterSeconds } from '../../contract/filters';

/** Which conversations a list, an export or the metadata keys read; a null field does not filter. */
export interface ConversationCriteria {
  campaignId: string;
  /** Only these conversations (a selection on the list). */
  ids: readonly string[] | null;
  /** Only these agents' conversations; empty when the filters leave no agent the caller may see. */
  agentIds: readonly string[] | null;
  types: readonly ConversationType[] | null;
  sentiments: readonly Sentiment[] | null;
  languages: readonly Language[] | null;
  statuses: readonly ConversationStatus[] | null;
  /** Conversations with at least one of these topics. */
  anyTopics: readonly string[] | null;
  /** Every key must hold one of its values. */
  metadata: readonly { key: string; values: readonly string[] }[];
  minDurationSeconds: number | null;
  maxDurationSeconds: number | null;
  /** Unix seconds: started at or after. */
  startedFrom: number | null;
  /** Unix seconds: started strictly before (`started_before` is inclusive to the second). */
  startedUntil: number | null;
  /** Free text, in the web search syntax: words, "quoted phrases", `or`, `-word`. */
  search: string | null;
  /** The finished evaluation's main score, 0–100, inclusive bounds. */
  minScore: number | null;
  maxScore: number | null;
  /** Conversations whose finished evaluation missed at least one of these items (scored it below 100). */
  missedItemIds: readonly string[] | null;
  /** Conversations validated by one of these users. */
  validatorIds: readonly string[] | null;
  /** Only validated (true) or only not validated (false) conversations. */
  validated: boolean | null;
  /** True when the filters leave no agent the caller may see. */
  matchesNothing: boolean;
}

/** Whose conversations the caller sees in the campaign: `onlyAgent` is `agentScope` of the caller. */
export interface ConversationScope {
  campaignId: string;
  onlyAgent: string | null;
}

const listed = <Value>(values: readonly Value[] | undefined): readonly Value[] | null =>
  values && values.length > 0 ? values : null;

/** The agents a list keeps: those asked for, narrowed to the one an agent is limited to. */
function agentIdsOf(asked: readonly string[] | null, onlyAgent: string | null): readonly string[] | null {
  if (onlyAgent === null) return asked;
  if (asked === null) return [onlyAgent];
  return asked.some((id) => id.toLowerCase() === onlyAgent) ? [onlyAgent] : [];
}

export function conversationCriteria(
  filters: ConversationFilters = {},
  { campaignId, onlyAgent }: ConversationScope,
): ConversationCriteria {
  const agentIds = agentIdsOf(listed(filters.agents), onlyAgent);
  const duration = durationFilterSeconds(filters.duration);
  const search = filters.q?.trim() ?? '';
  return {
    campaignId,
    ids: listed(filters.ids),
    agentIds,
    types: listed(filters.types),
    sentiments: listed(filters.sentiments),
    languages: listed(filters.languages),
    statuses: listed(filters.statuses),
    anyTopics: listed(filters.topics),
    metadata: Object.entries(filters.conversationsMetadata ?? {})
      .filter(([, values]) => values.length > 0)
      .map(([key, values]) => ({ key, values })),
    minDurationSeconds: duration.min ?? null,
    maxDurationSeconds: duration.max ?? null,
    startedFrom: filters.started_after ?? null,
    startedUntil: filters.started_before === undefined ? null : filters.started_before + 1,
    search: search === '' ? null : search,
    minScore: filters.score?.min ?? null,
    maxScore: filters.score?.max ?? null,
    missedItemIds: listed(filters.evalItems),
    validatorIds: listed(filters.validators),
    validated: filters.validated ?? null,
    matchesNothing: agentIds?.length === 0,
  };
}
