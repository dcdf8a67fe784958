// The click-through from a figure to the conversations behind it: the campaign's conversation list with the
// dashboard's filters narrowed by the figure. With one campaign in scope it is a link; with several, a dialog
// asks which campaign's list to open (the list is per campaign).
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { ConversationFilters } from '../../../../contract/conversations';
import {
  conversationListHref,
  listFiltersOf,
  type GraphScope,
} from '../../../services/dashboards/graph-scope';
import { useCampaign } from '../../../services/queries/campaigns';
import { Modal } from '../../components/Modal';

interface Target {
  figure: ConversationFilters;
  /** What the figure is, for the dialog's title ("Score 50–60"). */
  label: string;
}

type Open = (target: Target) => void;

const DrillDownContext = createContext<{ scope: GraphScope; open: Open } | null>(null);

function useDrillDownContext() {
  const context = useContext(DrillDownContext);
  if (!context) throw new Error('Drill-downs need a DrillDownProvider');
  return context;
}

function CampaignChoice({ campaignId, filters }: { campaignId: string; filters: ConversationFilters }) {
  const campaign = useCampaign(campaignId);
  return (
    <li>
      <Link
        href={conversationListHref(campaignId, filters)}
        className="block rounded-lg px-3 py-2 text-sm text-purple-800 ring-1 ring-purple-200 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
      >
        {campaign.data?.name ?? '…'}
      </Link>
    </li>
  );
}

export function DrillDownProvider({ scope, children }: { scope: GraphScope; children: ReactNode }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [target, setTarget] = useState<Target | null>(null);
  const open: Open = (next) => {
    const [only] = scope.campaigns;
    if (scope.campaigns.length === 1 && only)
      navigate(conversationListHref(only, listFiltersOf(scope, next.figure)));
    else setTarget(next);
  };
  return (
    <DrillDownContext.Provider value={{ scope, open }}>
      {children}
      <Modal
        open={target !== null}
        title={target ? t('dashboards.drillDown.title', { figure: target.label }) : ''}
        onClose={() => setTarget(null)}
      >
        <p className="mt-2 text-sm text-gray-600">{t('dashboards.drillDown.chooseCampaign')}</p>
        {target && (
          <ul className="mt-4 flex max-h-80 flex-col gap-2 overflow-auto">
            {scope.campaigns.map((campaignId) => (
              <CampaignChoice
                key={campaignId}
                campaignId={campaignId}
                filters={listFiltersOf(scope, target.figure)}
              />
            ))}
          </ul>
        )}
      </Modal>
    </DrillDownContext.Provider>
  );
}

/** Opens the conversations behind a figure (for a chart's click handler). */
export const useDrillDown = (): Open => useDrillDownContext().open;

/** The figure's conversations as a link in a table view: a link with one campaign, a button with several. */
export function FigureLink({ figure, label, children }: Target & { children: ReactNode }) {
  const { t } = useTranslation();
  const { scope, open } = useDrillDownContext();
  const [only] = scope.campaigns;
  const className =
    'text-left text-purple-800 underline decoration-purple-300 underline-offset-2 hover:decoration-purple-700 focus-visible:outline-2 focus-visible:outline-purple-600';
  const title = t('dashboards.drillDown.open', { figure: label });
  if (scope.campaigns.length === 1 && only)
    return (
      <Link
        href={conversationListHref(only, listFiltersOf(scope, figure))}
        className={className}
        title={title}
      >
        {children}
      </Link>
    );
  return (
    <button type="button" onClick={() => open({ figure, label })} className={className} title={title}>
      {children}
    </button>
  );
}
