// The bar over the list while conversations are selected, stuck to the top as the list scrolls: how many ("12
// selected", "All 312 matching"), "select all N matching" once every row shown is, clear, and what to do with
// them: give them to a reviewer (for those who manage the campaign's reviews) and export them.
import { UserPlusIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationFilters, ConversationSummary } from '../../../../../contract/conversations';
import { maxSelectedConversations } from '../../../../../contract/values/conversations';
import type { ConversationSort } from '../../../../services/queries/conversation-list';
import type { ConversationSelection } from '../../../../services/queries/reviews';
import { buttonClass } from '../../../components/Button';
import { codeOnIntent } from '../../../components/code-on-intent';
import { numberFormat } from '../../../components/intl-formatters';
import { ExportButton } from '../ExportButton';
import type { RowSelection } from './row-selection';

const dialogCode = codeOnIntent(() => import('./AssignDialog'));
const AssignDialog = lazy(dialogCode.request);
const preloadDialog = () => void dialogCode.request();

const linkClass =
  'rounded font-medium text-purple-800 underline underline-offset-2 hover:text-purple-900 focus-visible:outline-2 focus-visible:outline-purple-600';

export function SelectionBar({
  campaignId,
  selection,
  rows,
  count,
  offerMatching,
  onSelectMatching,
  onClear,
  canAssign,
  filters,
  sort,
}: {
  campaignId: string;
  selection: RowSelection;
  /** The rows shown, the selected among them given by hand. */
  rows: readonly ConversationSummary[];
  /** How many the selection holds. */
  count: number;
  /** Every row shown is selected and more match: offer to select them all. */
  offerMatching: { count: number } | null;
  onSelectMatching: () => void;
  onClear: () => void;
  canAssign: boolean;
  filters: ConversationFilters;
  sort: ConversationSort;
}) {
  const { t, i18n } = useTranslation();
  const [assigning, setAssigning] = useState(false);
  const format = (value: number) => numberFormat(i18n.language).format(value);
  const picked = selection.kind === 'rows' ? selection.ids : null;
  const chosen: ConversationSelection = picked
    ? { kind: 'rows', conversations: rows.filter((row) => picked.has(row.id)) }
    : { kind: 'matching', filters };

  return (
    <div
      role="region"
      aria-label={t('conversations.selection.label')}
      className="sticky top-0 z-20 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-purple-50 px-4 py-2 text-sm ring-1 ring-purple-200"
    >
      <p role="status" className="font-semibold text-purple-950 tabular-nums">
        {picked
          ? t('conversations.selection.selected', { count, formatted: format(count) })
          : t('conversations.selection.allMatching', { count, formatted: format(count) })}
      </p>
      {offerMatching && (
        <button type="button" onClick={onSelectMatching} className={linkClass}>
          {t('conversations.selection.selectMatching', {
            count: offerMatching.count,
            formatted: format(offerMatching.count),
          })}
        </button>
      )}
      <button type="button" onClick={onClear} className={`inline-flex items-center gap-1 ${linkClass}`}>
        <XMarkIcon className="size-4" aria-hidden="true" />
        {t('conversations.selection.clear')}
      </button>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        {canAssign && (
          <button
            type="button"
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
            onClick={() => setAssigning(true)}
            className={buttonClass('secondary')}
          >
            <UserPlusIcon className="size-4" aria-hidden="true" />
            {t('conversations.assign.open')}
          </button>
        )}
        {picked && picked.size > maxSelectedConversations ? (
          <p className="max-w-md text-purple-950">
            {t('conversations.selection.tooManyToExport', { max: maxSelectedConversations })}
          </p>
        ) : (
          <ExportButton
            campaignId={campaignId}
            label={t('conversations.selection.export')}
            request={{ sort, filters: picked ? { ...filters, ids: [...picked] } : filters }}
          />
        )}
      </div>
      {assigning && (
        <Suspense>
          <AssignDialog
            campaignId={campaignId}
            selection={chosen}
            count={count}
            onClose={() => setAssigning(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
