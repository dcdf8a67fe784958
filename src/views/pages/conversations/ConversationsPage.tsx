// A campaign's conversations (spec §2, §3): the filters kept per campaign, how many match, the list a page at a
// time in date order (either way), each row a link to its conversation, statuses that move on live, the export, and
// rows picked (one by one, by range, or every matching one) to give to a reviewer or export.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { CurrentUser } from '../../../../contract/users';
import { FiltersActorContext } from '../../../machines/filters/provider';
import { selectCampaignFilters } from '../../../machines/filters/selectors';
import { filtersParam, hasFilters } from '../../../services/filters/conversation-filters';
import {
  useConversationCount,
  useConversationList,
  useConversationValidators,
  type ConversationSort,
} from '../../../services/queries/conversation-list';
import { useLiveConversationProgress } from '../../../services/live/progress';
import { conversationOnWalk, listAddress, listSortOf } from '../../../services/review-walk/walk-address';
import { useEvaluationGrid } from '../../../services/queries/evaluation-grids';
import { DataTable, type SortState } from '../../components/DataTable';
import { formatDateTime } from '../../components/format';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { useDisplayTime } from '../../components/use-display-time';
import { routesFor } from '../../routes/route-tables';
import { useCampaignView } from '../campaigns/use-campaign-view';
import { conversationColumns, conversationRowName } from './conversation-columns';
import { ConversationFilterBar } from './ConversationFilterBar';
import { ExportButton } from './ExportButton';
import { LoadMore } from './LoadMore';
import { MatchingCount } from './MatchingCount';
import { NoConversations } from './NoConversations';
import {
  isSelected,
  offersMatching,
  selectedCount,
  selectMatching,
  shownState,
  toggleRow,
  toggleShown,
} from './selection/row-selection';
import { SelectionBar } from './selection/SelectionBar';
import { useRowSelection } from './selection/use-row-selection';
import { useLinkedFilters } from './use-linked-filters';

/** How long the filters must stay still (typing a search, a duration) before the list is asked again. */
const filtersSettleMs = 300;

const sortOf = ({ direction }: SortState): ConversationSort =>
  direction === 'asc' ? 'started_at_asc' : 'started_at_desc';

export default function ConversationsPage({ campaignId, user }: { campaignId: string; user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const view = useCampaignView(campaignId, user);
  const filtersActor = FiltersActorContext.useActorRef();
  const savedFilters = FiltersActorContext.useSelector(selectCampaignFilters(campaignId));
  const [resetKey, setResetKey] = useState(0);
  const remountFilters = useCallback(() => setResetKey((key) => key + 1), []);
  // A link's filters (a dashboard's click-through) replace the saved ones before anything is listed.
  const linking = useLinkedFilters(savedFilters, remountFilters);
  const filters = linking ? null : savedFilters;
  // The first filters read apply at once; later changes once they have settled.
  const listFilters = useDebouncedValue(filters, filtersSettleMs) ?? filters;
  // The order is in the address, so that the walk through the list and the way back keep it (decision 0209).
  const sort = listSortOf(useSearch());
  const [, navigate] = useLocation();
  const setSort = (next: ConversationSort) => navigate(listAddress(campaignId, next), { replace: true });
  const list = useConversationList(campaignId, sort, listFilters);
  const count = useConversationCount(campaignId, listFilters);
  const progress = useLiveConversationProgress(campaignId);
  const grid = useEvaluationGrid(campaignId);
  const validators = useConversationValidators(campaignId);
  const displayTime = useDisplayTime();
  const table = useRef<HTMLDivElement>(null);
  // Picked under the filters on screen: other filters start with none.
  const {
    selection,
    change: changeSelection,
    clear: clearSelection,
  } = useRowSelection((filters && filtersParam(filters)) ?? '');

  const focusRow = useCallback((index: number) => {
    table.current?.querySelectorAll('tbody tr').item(index)?.querySelector('a')?.focus();
  }, []);

  if (view.error) return <PageLoadError error={view.error} onRetry={() => void view.retry()} />;
  if (view.pending || !view.campaign || !view.abilities) return <Loading />;

  const isAgent = !user.admin && user.role === 'agent';
  const canUpload =
    view.abilities.contribute && (routesFor(user) ?? []).some((route) => route.page === 'callsUpload');
  const resetFilters = () => {
    filtersActor.send({ type: 'filters.reset' });
    remountFilters();
  };
  const rows = list.data ?? [];
  // The rows draw once, with every column the grid and the validators give them, rather than again as each arrives.
  const columnsKnown = !grid.isPending && !validators.isPending;
  const shownIds = rows.map((row) => row.id);
  const exactCount = count.data?.exact ? count.data.count : undefined;
  const selected = selectedCount(selection, exactCount ?? 0);
  const fullDateTime = (seconds: number) => formatDateTime(seconds, i18n.language);
  const columns = conversationColumns({
    t,
    displayTime,
    fullDateTime,
    locale: i18n.language,
    showAgent: !isAgent,
    showEvaluation: (grid.data?.version ?? 0) > 0,
    validatorName: (userId) => validators.data?.find((validator) => validator.id === userId)?.name,
    progress,
    rowHref: (conversationId) => conversationOnWalk(conversationId, { kind: 'list', sort }),
  });
  const title = `${t('pages.titles.conversations')} · ${view.campaign.name}`;

  return (
    <>
      <PageHeader title={title}>
        <ExportButton campaignId={campaignId} request={{ sort, filters: listFilters ?? {} }} />
      </PageHeader>
      {filters && (
        <ConversationFilterBar
          campaignId={campaignId}
          filters={filters}
          filterByAgent={!isAgent}
          rows={rows}
          resetKey={resetKey}
          onReset={resetFilters}
          onChipRemoved={remountFilters}
        />
      )}
      <div ref={table} className="grid gap-2">
        <MatchingCount count={count.isError ? null : count.data} />
        {selected > 0 && (
          <SelectionBar
            campaignId={campaignId}
            selection={selection}
            rows={rows}
            count={selected}
            offerMatching={
              exactCount !== undefined && offersMatching(selection, shownIds, exactCount)
                ? { count: exactCount }
                : null
            }
            onSelectMatching={() => changeSelection(selectMatching)}
            onClear={clearSelection}
            canAssign={!isAgent && view.abilities.editSettings}
            filters={listFilters ?? {}}
            sort={sort}
          />
        )}
        <DataTable
          label={title}
          columns={columns}
          rows={columnsKnown ? list.data : undefined}
          rowKey={(row) => row.id}
          loading={list.isPending || !columnsKnown}
          error={list.isError && !list.isFetchNextPageError}
          onRetry={() => void list.refetch()}
          busy={list.isPlaceholderData}
          selection={{
            isSelected: (row) => isSelected(selection, row.id),
            onToggle: (row, range) =>
              changeSelection((current) => toggleRow(current, shownIds, row.id, range)),
            shown: shownState(selection, shownIds),
            onToggleShown: () => changeSelection((current) => toggleShown(current, shownIds)),
            shownLabel: t('conversations.selection.selectShown'),
            rowLabel: (row) =>
              t('conversations.selection.selectRow', { when: conversationRowName(row, { t, fullDateTime }) }),
          }}
          emptyText={
            <NoConversations
              campaignId={campaignId}
              filtered={listFilters !== null && hasFilters(listFilters)}
              canUpload={canUpload}
              onResetFilters={resetFilters}
            />
          }
          serverSort={{
            value: { key: 'date', direction: sort === 'started_at_asc' ? 'asc' : 'desc' },
            onChange: (next) => setSort(sortOf(next)),
          }}
          footer={
            <LoadMore
              shown={rows.length}
              hasMore={list.hasNextPage}
              loading={list.isFetchingNextPage}
              failed={list.isFetchNextPageError}
              onLoadMore={() => void list.fetchNextPage()}
              focusRow={focusRow}
            />
          }
        />
      </div>
    </>
  );
}
