// `/campaigns/{id}/custom-analyses`: the questions asked of every conversation of the campaign, with what the
// conversations answered (a chart and table per question, free texts page by page). Those who may edit the
// campaign's settings add, change and delete questions; the server then answers them on every conversation.
import { PlusIcon } from '@heroicons/react/20/solid';
import { QuestionMarkCircleIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customAnalysisLimits, type CustomAnalysis } from '../../../../contract/custom-analyses';
import type { CurrentUser } from '../../../../contract/users';
import { useCustomAnalyses, useCustomAnalysisDetails } from '../../../services/queries/custom-analyses';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { QueryError } from '../../components/QueryError';
import { useCampaignView } from '../campaigns/use-campaign-view';
import { AnalysisCard } from './AnalysisCard';
import { AnalysisDialog } from './AnalysisDialog';

/** The dialog's state: closed, creating, or changing one analysis. */
type Editing = { analysis: CustomAnalysis | null } | null;

export default function CustomAnalysesPage({ campaignId, user }: { campaignId: string; user: CurrentUser }) {
  const { t } = useTranslation();
  const view = useCampaignView(campaignId, user);
  const analyses = useCustomAnalyses(campaignId);
  const details = useCustomAnalysisDetails(campaignId);
  const [editing, setEditing] = useState<Editing>(null);

  const error = view.error ?? analyses.error;
  if (error)
    return (
      <PageLoadError error={error} onRetry={() => void Promise.all([view.retry(), analyses.refetch()])} />
    );
  if (view.pending || !view.campaign || !analyses.data) return <Loading />;
  const editable = view.abilities?.editSettings ?? false;
  const detailsOf = (id: string) => details.data?.analyses.find((row) => row.id === id);

  return (
    <>
      <PageHeader
        title={`${t('pages.titles.customAnalyses')} · ${view.campaign.name}`}
        intro={t(editable ? 'customAnalyses.intro' : 'customAnalyses.introReadOnly')}
      >
        {editable && (
          <Button
            disabled={analyses.data.length >= customAnalysisLimits.perCampaign}
            onClick={() => setEditing({ analysis: null })}
          >
            <PlusIcon className="size-4" aria-hidden="true" />
            {t('customAnalyses.add')}
          </Button>
        )}
      </PageHeader>
      {details.error && (
        <div className="mb-4">
          <QueryError error={details.error} onRetry={() => void details.refetch()} />
        </div>
      )}
      {analyses.data.length === 0 ? (
        <Notice
          icon={QuestionMarkCircleIcon}
          title={t('customAnalyses.emptyTitle')}
          body={t(editable ? 'customAnalyses.emptyBody' : 'customAnalyses.emptyBodyReadOnly')}
        />
      ) : (
        <div className="grid gap-4">
          {analyses.data.map((analysis) => (
            <AnalysisCard
              key={analysis.id}
              analysis={analysis}
              details={detailsOf(analysis.id)}
              detailsPending={details.isPending}
              {...(editable ? { onEdit: () => setEditing({ analysis }) } : {})}
            />
          ))}
        </div>
      )}
      {editing && (
        <AnalysisDialog
          campaignId={campaignId}
          analysis={editing.analysis}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
