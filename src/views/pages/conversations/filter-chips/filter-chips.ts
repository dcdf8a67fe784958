// The list's active filters as chips: each says the filter and its value in the user's language ("Type: Chat,
// Email") and carries the change that removes it, which the filters actor applies as any other change. The search
// has none: its box stays in view and says it.
import type { TFunction } from 'i18next';
import type { ConversationFilters } from '../../../../../contract/conversations';
import type { DurationBound } from '../../../../../contract/filters';
import { compactFilters } from '../../../../services/filters/conversation-filters';

export interface FilterChip {
  /** Stable among the chips: the filter's field (and metadata key). */
  key: string;
  /** "Type: Chat, Email". */
  text: string;
  /** The change to the filters that removes this one. */
  removal: ConversationFilters;
}

/** What the chips need besides the filters: names of what they hold by id, and the user's formats. */
export interface ChipNames {
  t: TFunction;
  agent: (id: string) => string | undefined;
  validator: (id: string) => string | undefined;
  evalItem: (id: string) => string | undefined;
  /** A day, as the user reads dates ("22/11/2026"). */
  day: (seconds: number) => string;
  /** A list of values ("Chat, Email" or "Chat et Email"). */
  list: (values: string[]) => string;
  number: (value: number) => string;
}

export function filterChips(filters: ConversationFilters, names: ChipNames): FilterChip[] {
  const { t } = names;
  const set = compactFilters(filters);
  const chips: FilterChip[] = [];
  const chip = (key: string, label: string, value: string, removal: ConversationFilters) =>
    chips.push({ key, text: t('conversations.chips.text', { label, value }), removal });
  const named = (ids: readonly string[], name: (id: string) => string | undefined) =>
    names.list(ids.map((id) => name(id) ?? t('conversations.chips.unknown')));
  const bound = ({ value, unit }: DurationBound) =>
    `${names.number(value)} ${t(`conversations.filters.duration.units.${unit === 'h' || unit === 'm' ? unit : 's'}`)}`;
  const between = (min: string | undefined, max: string | undefined) =>
    min !== undefined && max !== undefined
      ? t('conversations.chips.between', { min, max })
      : min !== undefined
        ? t('conversations.chips.atLeast', { min })
        : t('conversations.chips.atMost', { max });

  if (set.started_after !== undefined || set.started_before !== undefined) {
    const from = set.started_after === undefined ? undefined : names.day(set.started_after);
    const until = set.started_before === undefined ? undefined : names.day(set.started_before);
    const value =
      from !== undefined && until !== undefined
        ? t('conversations.chips.fromTo', { from, until })
        : from !== undefined
          ? t('conversations.chips.from', { from })
          : t('conversations.chips.until', { until });
    chip('period', t('conversations.filters.period'), value, {
      started_after: undefined,
      started_before: undefined,
    });
  }
  if (set.types) {
    const value = names.list(set.types.map((type) => t(`conversation.types.${type}`)));
    chip('types', t('conversations.filters.types'), value, { types: [] });
  }
  if (set.agents) chip('agents', t('filters.agents'), named(set.agents, names.agent), { agents: [] });
  if (set.statuses) {
    const value = names.list(set.statuses.map((status) => t(`conversation.statuses.${status}`)));
    chip('statuses', t('conversations.filters.statuses'), value, { statuses: [] });
  }
  if (set.sentiments) {
    const value = names.list(set.sentiments.map((sentiment) => t(`conversation.sentiments.${sentiment}`)));
    chip('sentiments', t('conversations.filters.sentiments'), value, { sentiments: [] });
  }
  if (set.languages) {
    const value = names.list(set.languages.map((language) => t(`conversation.languages.${language}`)));
    chip('languages', t('conversations.filters.languages'), value, { languages: [] });
  }
  if (set.topics) chip('topics', t('conversations.filters.topics'), names.list(set.topics), { topics: [] });
  if (set.duration) {
    const { min, max } = set.duration;
    const value = between(min ? bound(min) : undefined, max ? bound(max) : undefined);
    chip('duration', t('conversations.filters.duration.label'), value, { duration: {} });
  }
  if (set.score) {
    const { min, max } = set.score;
    const value = between(
      min === undefined ? undefined : names.number(min),
      max === undefined ? undefined : names.number(max),
    );
    chip('score', t('conversations.filters.score.label'), value, { score: {} });
  }
  if (set.evalItems) {
    const value = named(set.evalItems, names.evalItem);
    chip('evalItems', t('conversations.filters.evalItems'), value, { evalItems: [] });
  }
  if (set.validated !== undefined) {
    const value = t(`conversations.filters.validation.${set.validated ? 'validated' : 'not_validated'}`);
    chip('validated', t('conversations.filters.validation.label'), value, { validated: undefined });
  }
  if (set.validators) {
    const value = named(set.validators, names.validator);
    chip('validators', t('conversations.filters.validators'), value, { validators: [] });
  }
  for (const [key, values] of Object.entries(set.conversationsMetadata ?? {})) {
    const rest = Object.fromEntries(
      Object.entries(set.conversationsMetadata ?? {}).filter(([other]) => other !== key),
    );
    chip(`metadata.${key}`, key, names.list(values), { conversationsMetadata: rest });
  }
  return chips;
}
