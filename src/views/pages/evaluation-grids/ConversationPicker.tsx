// The item test's choice of one of the campaign's conversations: a search over their turns (the conversation
// list's own search) and the latest matches to choose from.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConversationList } from '../../../services/queries/conversation-list';
import { TextField } from '../../components/fields';
import { formatDateTime } from '../../components/format';
import { QueryError } from '../../components/QueryError';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { ChoiceList } from './ChoiceList';

/** Matches offered at once: enough to find a recent one, few enough to read on a phone. */
const shownMatches = 8;

export function ConversationPicker({
  campaignId,
  value,
  onChange,
}: {
  campaignId: string;
  value: string | null;
  onChange: (conversationId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const list = useConversationList(campaignId, 'started_at_desc', q ? { q } : {});
  const matches = (list.data ?? []).slice(0, shownMatches);
  return (
    <div className="grid gap-3">
      <TextField
        type="search"
        label={t('evaluationGrid.testPanel.search')}
        placeholder={t('evaluationGrid.testPanel.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {list.error ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <p className="text-sm text-gray-600">{t('common.loading')}</p>
      ) : matches.length === 0 ? (
        <p className="text-sm text-gray-600">{t('evaluationGrid.testPanel.noConversations')}</p>
      ) : (
        <div aria-busy={list.isFetching} className={list.isFetching ? 'opacity-60' : ''}>
          <ChoiceList
            legend={t('evaluationGrid.testPanel.conversations')}
            name="tested-conversation"
            value={value}
            onChange={onChange}
            choices={matches.map((conversation) => ({
              value: conversation.id,
              label: t('evaluationGrid.testPanel.conversationOption', {
                title: t(`conversation.heading.${conversation.type}`, {
                  date: formatDateTime(conversation.started_at, i18n.language),
                }),
                agent: conversation.agent?.name ?? t('evaluationGrid.testPanel.noAgent'),
              }),
            }))}
          />
        </div>
      )}
    </div>
  );
}
