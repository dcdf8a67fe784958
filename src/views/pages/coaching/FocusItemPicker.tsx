// Adds focus items to a plan: in a campaign, from the agent's weakest items over a recent period (the suggestions)
// or from any item of the campaign's grid.
import { PlusIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../../contract/campaigns';
import { useCoachingSuggestions } from '../../../services/queries/coaching';
import { useEvaluationGrid } from '../../../services/queries/evaluation-grids';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/fields';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { formatCount, formatScore } from '../dashboards/graph-format';
import { newFocusItemForm, type FocusItemForm } from './plan-form';

/** The periods suggestions look back over, in days. */
const periods = [30, 90, 365] as const;
const day = 24 * 60 * 60;

interface PickerProps {
  agentId: string;
  campaigns: Campaign[];
  /** The items already chosen, which are not offered again. */
  chosen: ReadonlySet<string>;
  onAdd: (item: FocusItemForm) => void;
}

function Suggestions({
  agentId,
  campaign,
  chosen,
  onAdd,
}: Omit<PickerProps, 'campaigns'> & { campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<(typeof periods)[number]>(90);
  const [now] = useState(() => Math.floor(Date.now() / 1000 / day) * day);
  const suggestions = useCoachingSuggestions(agentId, campaign.id, now - period * day);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h4 className="text-sm font-medium text-gray-800">{t('coaching.picker.suggestions')}</h4>
        <SelectField
          label={t('coaching.picker.period')}
          value={String(period)}
          onChange={(event) => setPeriod(Number(event.target.value) as (typeof periods)[number])}
          options={periods.map((days) => ({
            value: String(days),
            label: t('coaching.picker.lastDays', { count: days }),
          }))}
        />
      </div>
      {suggestions.isPending ? (
        <Loading />
      ) : suggestions.isError ? (
        <QueryError error={suggestions.error} onRetry={() => void suggestions.refetch()} />
      ) : suggestions.data.items.length === 0 ? (
        <p className="text-sm text-gray-600">{t('coaching.picker.noSuggestions')}</p>
      ) : (
        <ul aria-label={t('coaching.picker.suggestions')} className="grid gap-1.5">
          {suggestions.data.items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2"
            >
              <span className="min-w-0 text-sm">
                <span className="font-medium text-gray-900">{item.name}</span>{' '}
                <span className="text-gray-600">
                  {t('coaching.picker.figures', {
                    score: formatScore(item.average_score, i18n.language),
                    count: item.answered,
                    answered: formatCount(item.answered, i18n.language),
                  })}
                </span>
              </span>
              <Button
                variant="secondary"
                disabled={chosen.has(item.id)}
                aria-label={t('coaching.picker.addNamed', { item: item.name })}
                onClick={() => onAdd(newFocusItemForm(campaign, item))}
              >
                <PlusIcon className="size-4" aria-hidden="true" />
                {chosen.has(item.id) ? t('coaching.picker.added') : t('coaching.picker.add')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function GridItems({
  campaign,
  chosen,
  onAdd,
}: Omit<PickerProps, 'campaigns' | 'agentId'> & { campaign: Campaign }) {
  const { t } = useTranslation();
  const grid = useEvaluationGrid(campaign.id);
  const [picked, setPicked] = useState('');
  if (grid.isPending) return <Loading />;
  if (grid.isError) return <QueryError error={grid.error} onRetry={() => void grid.refetch()} />;
  const items = grid.data.sections.flatMap((section) =>
    section.items.map((item) => ({ ...item, section_name: section.name })),
  );
  const available = items.filter((item) => !chosen.has(item.id));
  const item = available.find((candidate) => candidate.id === picked) ?? available[0];
  if (!item) return <p className="text-sm text-gray-600">{t('coaching.picker.noGridItems')}</p>;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <SelectField
          label={t('coaching.picker.gridItem')}
          value={item.id}
          onChange={(event) => setPicked(event.target.value)}
          options={available.map((candidate) => ({
            value: candidate.id,
            label: `${candidate.section_name} · ${candidate.name}`,
          }))}
        />
      </div>
      <Button variant="secondary" onClick={() => onAdd(newFocusItemForm(campaign, item))}>
        <PlusIcon className="size-4" aria-hidden="true" />
        {t('coaching.picker.add')}
      </Button>
    </div>
  );
}

export function FocusItemPicker({ agentId, campaigns, chosen, onAdd }: PickerProps) {
  const { t } = useTranslation();
  const [campaignId, setCampaignId] = useState(campaigns[0]?.id ?? '');
  const campaign = campaigns.find((candidate) => candidate.id === campaignId) ?? campaigns[0];
  if (!campaign) return <p className="text-sm text-gray-600">{t('coaching.picker.noCampaigns')}</p>;
  return (
    <fieldset className="grid gap-4 rounded-lg p-4 ring-1 ring-gray-200">
      <legend className="px-1 text-sm font-semibold text-gray-900">{t('coaching.picker.title')}</legend>
      <SelectField
        label={t('coaching.picker.campaign')}
        value={campaign.id}
        onChange={(event) => setCampaignId(event.target.value)}
        options={campaigns.map((option) => ({ value: option.id, label: option.name }))}
      />
      <Suggestions key={campaign.id} agentId={agentId} campaign={campaign} chosen={chosen} onAdd={onAdd} />
      <GridItems key={`grid-${campaign.id}`} campaign={campaign} chosen={chosen} onAdd={onAdd} />
    </fieldset>
  );
}
