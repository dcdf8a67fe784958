// `/campaigns/{id}/evaluation`: the campaign's evaluation grid. Those who may change the campaign's settings edit
// it (from its saved draft when there is one), save it as a draft or publish it, and test a call with it; others
// read it. Any older version can be read. The history and the test
// calls come first on a narrow screen, beside the grid on a wide one.
import { LockClosedIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/users';
import {
  useEvaluationGrid,
  useEvaluationGridDraft,
  useEvaluationGridVersion,
} from '../../../services/queries/evaluation-grids';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { QueryError } from '../../components/QueryError';
import { useCampaignView } from '../campaigns/use-campaign-view';
import { GridEditor } from './GridEditor';
import { TestCallPanel } from '../test-calls/TestCallPanel';
import { VersionHistory } from './VersionHistory';

export default function EvaluationGridPage({ campaignId, user }: { campaignId: string; user: CurrentUser }) {
  const { t } = useTranslation();
  const view = useCampaignView(campaignId, user);
  const grid = useEvaluationGrid(campaignId);
  const [shownVersion, setShownVersion] = useState<number | null>(null);
  const older = useEvaluationGridVersion(grid.data?.id ?? '', grid.data ? shownVersion : null);
  const editable = view.abilities?.editSettings ?? false;
  const draft = useEvaluationGridDraft(grid.data?.id ?? '', editable && grid.data !== undefined);
  const error = view.error ?? grid.error;
  if (error)
    return <PageLoadError error={error} onRetry={() => void Promise.all([view.retry(), grid.refetch()])} />;
  if (view.pending || !view.campaign || !view.abilities || !grid.data) return <Loading />;
  const { id: gridId, version } = grid.data;
  return (
    <>
      <PageHeader
        title={`${t('pages.titles.campaignEvaluation')} · ${view.campaign.name}`}
        intro={t('evaluationGrid.intro', { version })}
      />
      {!editable && (
        <Notice
          icon={LockClosedIcon}
          title={t('evaluationGrid.readOnlyTitle')}
          body={t('evaluationGrid.readOnlyBody')}
          className="mb-6"
        />
      )}
      <div
        className={`grid gap-6 lg:items-start ${
          editable ? 'lg:grid-cols-[minmax(0,1fr)_22rem]' : 'lg:grid-cols-[minmax(0,1fr)_18rem]'
        }`}
      >
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:sticky lg:top-4 lg:col-start-2 lg:row-start-1 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto">
          <VersionHistory
            gridId={gridId}
            currentVersion={version}
            shown={shownVersion}
            onShow={setShownVersion}
          />
          {editable && <TestCallPanel campaignId={campaignId} grid={grid.data} />}
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {/* Hidden rather than left while an older version shows, so that its unsaved edits are kept. */}
          <div hidden={shownVersion !== null}>
            {!editable ? (
              <GridEditor content={grid.data} />
            ) : draft.error ? (
              <QueryError error={draft.error} onRetry={() => void draft.refetch()} />
            ) : draft.data ? (
              <GridEditor content={grid.data} publishTo={{ campaignId, gridId, draft: draft.data.draft }} />
            ) : (
              <Loading />
            )}
          </div>
          {shownVersion !== null && (
            <div className="grid gap-4">
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
                <p className="text-sm text-amber-900">
                  {t('evaluationGrid.olderShown', { version: shownVersion })}
                </p>
                <Button variant="secondary" onClick={() => setShownVersion(null)}>
                  {t('evaluationGrid.backToCurrent')}
                </Button>
              </div>
              {older.error ? (
                <QueryError error={older.error} onRetry={() => void older.refetch()} />
              ) : older.data ? (
                <GridEditor key={`version-${shownVersion}`} content={older.data} />
              ) : (
                <Loading />
              )}
            </div>
          )}
        </div>
      </div>
    </>
  );
}
