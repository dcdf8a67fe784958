// Which conversations a review rule picks from: the conversation list's per-campaign filters with the list's own
// controls (no search and no period: a rule runs period after period), plus "only evaluations the AI flagged".
// Folded under a summary that counts the filters set, so that a rule's card stays short.
import { useTranslation } from 'react-i18next';
import type { ConversationFilters } from '../../../../contract/conversations';
import type { ReviewRuleFilters as Filters } from '../../../../contract/reviews';
import { conversationStatuses } from '../../../../contract/values/conversations';
import { conversationTypes, languages, sentiments } from '../../../../contract/values/enums';
import { countFilters } from '../../../services/filters/conversation-filters';
import { useCampaignMembers, useCampaignTopics } from '../../../services/queries/campaigns';
import {
  useConversationMetadata,
  useConversationValidators,
} from '../../../services/queries/conversation-list';
import { useEvaluationGrid } from '../../../services/queries/evaluation-grids';
import { CheckboxField } from '../../components/fields';
import { MultiSelect } from '../../components/MultiSelect';
import { agentChoicesOf, MetadataFilters, topicChoices } from '../conversations/ConversationFilterBar';
import { DurationFilter } from '../conversations/DurationFilter';
import { ScoreRangeFilter } from '../conversations/ScoreRangeFilter';
import { ValidationFilter } from '../conversations/ValidationFilter';

export function ReviewRuleFilters({
  campaignId,
  value,
  onChange,
  error,
}: {
  campaignId: string;
  value: Filters;
  onChange: (filters: Filters) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const members = useCampaignMembers(campaignId);
  const metadata = useConversationMetadata(campaignId);
  const grid = useEvaluationGrid(campaignId);
  const validators = useConversationValidators(campaignId);
  const definedTopics = (useCampaignTopics(campaignId).data?.topics ?? []).map((topic) => topic.name);
  const update = (changes: Partial<Filters>) => onChange({ ...value, ...changes });

  const enumChoices = <Value extends string>(values: readonly Value[], label: (value: Value) => string) =>
    values.map((choice) => ({ id: choice, name: label(choice) }));
  const itemChoices = (grid.data?.sections ?? []).flatMap((section) =>
    section.items.map((item) => ({ id: item.id, name: `${section.name} · ${item.name}` })),
  );
  const evaluated = (grid.data?.version ?? 0) > 0;
  const count = countFilters(value) + (value.needs_review ? 1 : 0);

  return (
    <details className="group rounded-lg bg-gray-50 p-3 ring-1 ring-gray-200 open:bg-white">
      <summary className="cursor-pointer rounded text-sm font-medium text-purple-800 focus-visible:outline-2 focus-visible:outline-purple-600">
        {count === 0 ? t('reviewRules.filters.none') : t('reviewRules.filters.some', { count })}
      </summary>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <CheckboxField
          label={t('reviewRules.filters.needsReview')}
          checked={value.needs_review === true}
          onChange={(needs) => update({ needs_review: needs || undefined })}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <MultiSelect
          label={t('conversations.filters.types')}
          choices={enumChoices(conversationTypes, (type) => t(`conversation.types.${type}`))}
          value={value.types ?? []}
          onChange={(types) => update({ types: types as ConversationFilters['types'] })}
        />
        <MultiSelect
          label={t('filters.agents')}
          choices={agentChoicesOf(members.data ?? [])}
          value={value.agents ?? []}
          onChange={(agents) => update({ agents })}
        />
        <MultiSelect
          label={t('conversations.filters.statuses')}
          choices={enumChoices(conversationStatuses, (status) => t(`conversation.statuses.${status}`))}
          value={value.statuses ?? []}
          onChange={(statuses) => update({ statuses: statuses as ConversationFilters['statuses'] })}
        />
        <MultiSelect
          label={t('conversations.filters.sentiments')}
          choices={enumChoices(sentiments, (sentiment) => t(`conversation.sentiments.${sentiment}`))}
          value={value.sentiments ?? []}
          onChange={(chosen) => update({ sentiments: chosen as ConversationFilters['sentiments'] })}
        />
        <MultiSelect
          label={t('conversations.filters.languages')}
          choices={enumChoices(languages, (language) => t(`conversation.languages.${language}`))}
          value={value.languages ?? []}
          onChange={(chosen) => update({ languages: chosen as ConversationFilters['languages'] })}
        />
        <MultiSelect
          label={t('conversations.filters.topics')}
          choices={topicChoices(definedTopics, [], value.topics ?? [])}
          value={value.topics ?? []}
          onChange={(topics) => update({ topics })}
        />
        <DurationFilter value={value.duration ?? {}} onChange={(duration) => update({ duration })} />
        {evaluated && (
          <>
            <ScoreRangeFilter value={value.score ?? {}} onChange={(score) => update({ score })} />
            <MultiSelect
              label={t('conversations.filters.evalItems')}
              choices={itemChoices}
              value={value.evalItems ?? []}
              onChange={(evalItems) => update({ evalItems })}
            />
            <ValidationFilter value={value.validated} onChange={(validated) => update({ validated })} />
            <MultiSelect
              label={t('conversations.filters.validators')}
              choices={validators.data ?? []}
              value={value.validators ?? []}
              onChange={(chosen) => update({ validators: chosen })}
            />
          </>
        )}
        <MetadataFilters
          campaignId={campaignId}
          keys={metadata.data ?? []}
          value={value.conversationsMetadata ?? {}}
          onChange={(conversationsMetadata) => update({ conversationsMetadata })}
        />
      </div>
      {[members, metadata, grid, validators].some((query) => query.isError) && (
        <p className="mt-3 text-sm text-red-700">{t('filters.optionsError')}</p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </details>
  );
}
