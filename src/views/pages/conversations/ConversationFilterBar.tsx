// The conversation list's filters (spec §3, §5), kept per campaign by the filters actor: search over the
// transcripts, period, type, agents, status, sentiment, language, topics, duration, the metadata keys found in
// the campaign's conversations and, once the campaign has a grid, the evaluation's: main score, items missed,
// validation and validators. One line shows the search and the active filters as removable chips; "More filters"
// unfolds the full filters below it, so that the list starts above the fold (decision 0210).
import {
  AdjustmentsHorizontalIcon,
  ArrowPathIcon,
  ChevronDownIcon,
  MagnifyingGlassIcon,
} from '@heroicons/react/20/solid';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationFilters, ConversationSummary } from '../../../../contract/conversations';
import type { CampaignMember } from '../../../../contract/campaigns';
import { conversationStatuses } from '../../../../contract/values/conversations';
import { conversationTypes, languages, sentiments } from '../../../../contract/values/enums';
import { FiltersActorContext } from '../../../machines/filters/provider';
import { useCampaignMembers, useCampaignTopics } from '../../../services/queries/campaigns';
import {
  useConversationMetadata,
  useConversationValidators,
} from '../../../services/queries/conversation-list';
import { useEvaluationGrid } from '../../../services/queries/evaluation-grids';
import { useIsMobile } from '../../../services/viewport';
import { formatDate } from '../../components/format';
import { listFormat, numberFormat } from '../../components/intl-formatters';
import { MultiSelect, type Choice } from '../../components/MultiSelect';
import { useMetadataLabel } from '../../components/use-metadata-label';
import { DateRangeFilter } from './DateRangeFilter';
import { DurationFilter } from './DurationFilter';
import { filterChips } from './filter-chips/filter-chips';
import { FilterChips } from './filter-chips/FilterChips';
import { ScoreRangeFilter } from './ScoreRangeFilter';
import { ValidationFilter } from './ValidationFilter';

interface ConversationFilterBarProps {
  campaignId: string;
  filters: ConversationFilters;
  /** Agents see only their own conversations: no agent filter for them. */
  filterByAgent: boolean;
  /** The conversations on screen, whose topics are offered too (a topic may have left the campaign's list). */
  rows: readonly ConversationSummary[];
  /** Changes at each reset: fields that keep what is being typed start again empty. */
  resetKey: number;
  onReset: () => void;
  /** A chip was removed: fields that keep what is being typed start again from the filters. */
  onChipRemoved: () => void;
}

/** The campaign's topics, those of the conversations on screen and those already chosen, by name. */
export function topicChoices(
  defined: readonly string[],
  rows: readonly ConversationSummary[],
  chosen: readonly string[],
): Choice[] {
  const topics = new Set([...defined, ...rows.flatMap((row) => row.topics), ...chosen]);
  return [...topics].sort((a, b) => a.localeCompare(b)).map((topic) => ({ id: topic, name: topic }));
}

/** The campaign's agents among its members. */
export const agentChoicesOf = (members: readonly CampaignMember[]): Choice[] =>
  members
    .filter((member) => member.user_role === 'agent')
    .map((member) => ({ id: member.user_id, name: member.name }));

/**
 * One choice per metadata key found in the campaign's conversations, among the values found, under the key's label
 * in the user's language.
 */
export function MetadataFilters({
  campaignId,
  keys,
  value,
  onChange,
}: {
  campaignId: string;
  keys: readonly { key: string; values: readonly string[] }[];
  value: Record<string, string[]>;
  onChange: (value: Record<string, string[]>) => void;
}) {
  const labelOf = useMetadataLabel(campaignId);
  return keys.map(({ key, values }) => (
    <MultiSelect
      key={key}
      label={labelOf(key)}
      choices={values.map((choice) => ({ id: choice, name: choice }))}
      value={value[key] ?? []}
      onChange={(chosen) => onChange({ ...value, [key]: chosen })}
    />
  ));
}

function SearchField({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className="block w-full sm:w-72 sm:shrink-0">
      <span className="sr-only">{t('conversations.filters.search')}</span>
      <span className="relative block">
        <MagnifyingGlassIcon
          className="pointer-events-none absolute top-2.5 left-3 size-4 text-gray-400"
          aria-hidden="true"
        />
        <input
          type="search"
          value={value}
          maxLength={200}
          placeholder={t('conversations.filters.searchPlaceholder')}
          onChange={(event) => onChange(event.target.value)}
          className="w-full rounded-lg bg-white py-2 pr-3 pl-9 text-sm ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600"
        />
      </span>
    </label>
  );
}

/**
 * Filters folded away on phones behind a button that counts those set (all but the list's search). A button that
 * shows a panel needs no Headless UI (its Disclosure is this much): the list's first paint loads none (decision
 * 0204).
 */
export function MoreFilters({ count, children }: { count: number; children: ReactNode }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  if (!useIsMobile()) return <>{children}</>;
  return (
    <div className="w-full">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-sm font-medium text-purple-800 ring-1 ring-purple-200 focus-visible:outline-2 focus-visible:outline-purple-600"
      >
        <span className="flex items-center gap-1.5">
          <AdjustmentsHorizontalIcon className="size-4" aria-hidden="true" />
          {t('conversations.filters.more')}
        </span>
        {count > 0 && (
          <span className="rounded-full bg-purple-700 px-2 py-0.5 text-xs text-white">
            {t('conversations.filters.active', { count })}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className="mt-3 flex flex-col gap-3">
          {children}
        </div>
      )}
    </div>
  );
}

/** The button that unfolds the full filters, with how many are set. */
function MoreFiltersButton({
  open,
  count,
  panelId,
  onToggle,
  button,
}: {
  open: boolean;
  count: number;
  panelId: string;
  onToggle: () => void;
  button: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <button
      ref={button}
      type="button"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={onToggle}
      className="flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-purple-800 ring-1 ring-purple-200 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
    >
      <AdjustmentsHorizontalIcon className="size-4" aria-hidden="true" />
      {t('conversations.filters.moreFilters')}
      {count > 0 && (
        <span className="rounded-full bg-purple-700 px-2 py-0.5 text-xs text-white">
          {t('conversations.filters.active', { count })}
        </span>
      )}
      <ChevronDownIcon className={`size-4 ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
    </button>
  );
}

export function ConversationFilterBar({
  campaignId,
  filters,
  filterByAgent,
  rows,
  resetKey,
  onReset,
  onChipRemoved,
}: ConversationFilterBarProps) {
  const { t, i18n } = useTranslation();
  const actor = FiltersActorContext.useActorRef();
  const members = useCampaignMembers(campaignId, filterByAgent);
  const metadata = useConversationMetadata(campaignId);
  const grid = useEvaluationGrid(campaignId);
  const validators = useConversationValidators(campaignId);
  const definedTopics = (useCampaignTopics(campaignId).data?.topics ?? []).map((topic) => topic.name);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const moreButton = useRef<HTMLButtonElement>(null);
  const update = (changes: ConversationFilters) => actor.send({ type: 'campaign.update', filters: changes });

  const agentChoices = agentChoicesOf(members.data ?? []);
  const enumChoices = <Value extends string>(values: readonly Value[], label: (value: Value) => string) =>
    values.map((value) => ({ id: value, name: label(value) }));
  const itemChoices = (grid.data?.sections ?? []).flatMap((section) =>
    section.items.map((item) => ({ id: item.id, name: `${section.name} · ${item.name}` })),
  );
  const nameIn = (choices: readonly Choice[]) => (id: string) =>
    choices.find((choice) => choice.id === id)?.name;
  const chips = filterChips(filters, {
    t,
    agent: nameIn(agentChoices),
    validator: nameIn(validators.data ?? []),
    evalItem: nameIn(itemChoices),
    day: (seconds) => formatDate(seconds, i18n.language),
    list: (values) => listFormat(i18n.language, { type: 'disjunction' }).format(values),
    number: (value) => numberFormat(i18n.language).format(value),
  });
  const evaluated = (grid.data?.version ?? 0) > 0;
  const optionQueries = [members, metadata, grid, validators];
  const closeOnEscape = (event: KeyboardEvent) => {
    // A listbox open inside the panel takes its own Escape first.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    setOpen(false);
    moreButton.current?.focus();
  };

  return (
    <section
      aria-label={t('filters.label')}
      className="mb-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
        <SearchField value={filters.q ?? ''} onChange={(q) => update({ q })} />
        <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto sm:flex-1">
          <FilterChips
            chips={chips}
            onRemove={(removal) => {
              update(removal);
              onChipRemoved();
            }}
            fallbackFocus={moreButton}
          />
          <div className="ml-auto">
            <MoreFiltersButton
              open={open}
              count={chips.length}
              panelId={panelId}
              onToggle={() => setOpen(!open)}
              button={moreButton}
            />
          </div>
        </div>
      </div>
      {open && (
        <div
          id={panelId}
          key={resetKey}
          onKeyDown={closeOnEscape}
          className="mt-3 flex flex-wrap items-end gap-3 border-t border-gray-100 pt-3 max-sm:flex-col max-sm:items-stretch"
        >
          <DateRangeFilter
            value={{ started_after: filters.started_after, started_before: filters.started_before }}
            onChange={update}
          />
          <MultiSelect
            label={t('conversations.filters.types')}
            choices={enumChoices(conversationTypes, (type) => t(`conversation.types.${type}`))}
            value={filters.types ?? []}
            onChange={(types) => update({ types: types as ConversationFilters['types'] })}
          />
          {filterByAgent && (
            <MultiSelect
              label={t('filters.agents')}
              choices={agentChoices}
              value={filters.agents ?? []}
              onChange={(agents) => update({ agents })}
            />
          )}
          <MultiSelect
            label={t('conversations.filters.statuses')}
            choices={enumChoices(conversationStatuses, (status) => t(`conversation.statuses.${status}`))}
            value={filters.statuses ?? []}
            onChange={(statuses) => update({ statuses: statuses as ConversationFilters['statuses'] })}
          />
          <MultiSelect
            label={t('conversations.filters.sentiments')}
            choices={enumChoices(sentiments, (sentiment) => t(`conversation.sentiments.${sentiment}`))}
            value={filters.sentiments ?? []}
            onChange={(chosen) => update({ sentiments: chosen as ConversationFilters['sentiments'] })}
          />
          <MultiSelect
            label={t('conversations.filters.languages')}
            choices={enumChoices(languages, (language) => t(`conversation.languages.${language}`))}
            value={filters.languages ?? []}
            onChange={(chosen) => update({ languages: chosen as ConversationFilters['languages'] })}
          />
          <MultiSelect
            label={t('conversations.filters.topics')}
            choices={topicChoices(definedTopics, rows, filters.topics ?? [])}
            value={filters.topics ?? []}
            onChange={(topics) => update({ topics })}
          />
          <DurationFilter value={filters.duration ?? {}} onChange={(duration) => update({ duration })} />
          {evaluated && (
            <>
              <ScoreRangeFilter value={filters.score ?? {}} onChange={(score) => update({ score })} />
              <MultiSelect
                label={t('conversations.filters.evalItems')}
                choices={itemChoices}
                value={filters.evalItems ?? []}
                onChange={(evalItems) => update({ evalItems })}
              />
              <ValidationFilter value={filters.validated} onChange={(validated) => update({ validated })} />
              <MultiSelect
                label={t('conversations.filters.validators')}
                choices={validators.data ?? []}
                value={filters.validators ?? []}
                onChange={(chosen) => update({ validators: chosen })}
              />
            </>
          )}
          <MetadataFilters
            campaignId={campaignId}
            keys={metadata.data ?? []}
            value={filters.conversationsMetadata ?? {}}
            onChange={(conversationsMetadata) => update({ conversationsMetadata })}
          />
          <button
            type="button"
            onClick={onReset}
            className="ml-auto flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-purple-700 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
          >
            <ArrowPathIcon className="size-4" aria-hidden="true" />
            {t('filters.reset')}
          </button>
        </div>
      )}
      {optionQueries.some((query) => query.isError) && (
        <p role="alert" className="mt-3 flex items-center gap-3 text-sm text-red-700">
          {t('filters.optionsError')}
          <button
            type="button"
            onClick={() => {
              for (const query of optionQueries) if (query.isError) void query.refetch();
            }}
            className="font-medium underline"
          >
            {t('filters.retry')}
          </button>
        </p>
      )}
    </section>
  );
}
