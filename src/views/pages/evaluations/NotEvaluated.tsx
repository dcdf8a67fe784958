// A conversation not evaluated yet: why (no grid published for its campaign, its transcript or analysis not ready,
// or not launched), and the launch button (or the way to the grid) for those who may.
import { ClipboardDocumentListIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import { EvaluationActorContext } from '../../../machines/evaluation/provider';
import { selectCanChange, selectIsBusy } from '../../../machines/evaluation/selectors';
import { useEvaluationGrid } from '../../../services/queries/evaluation-grids';
import { Button, ButtonLink } from '../../components/Button';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';

/** What comes next: the grid to publish, the transcript and analysis to wait for, or the launch. */
function hintKey({
  published,
  ready,
  canChange,
}: {
  published: boolean;
  ready: boolean;
  canChange: boolean;
}) {
  if (!published) return canChange ? 'evaluationPanel.empty.gridHint' : 'evaluationPanel.empty.waitHint';
  if (!ready) return 'evaluationPanel.empty.notReady';
  return canChange ? 'evaluationPanel.empty.launchHint' : 'evaluationPanel.empty.waitHint';
}

export function NotEvaluated({ campaignId, ready }: { campaignId: string; ready: boolean }) {
  const { t } = useTranslation();
  const actor = EvaluationActorContext.useActorRef();
  const canChange = EvaluationActorContext.useSelector(selectCanChange);
  const busy = EvaluationActorContext.useSelector(selectIsBusy);
  const grid = useEvaluationGrid(campaignId);
  if (grid.error) return <QueryError error={grid.error} onRetry={() => void grid.refetch()} />;
  if (grid.isPending) return <Loading />;
  const published = grid.data.version > 0;
  const launchable = published && ready;
  return (
    <div
      role="status"
      className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-purple-300 bg-purple-50 p-4 sm:flex-row sm:gap-4"
    >
      <ClipboardDocumentListIcon className="size-8 shrink-0 text-purple-600" aria-hidden="true" />
      <div className="min-w-0 sm:flex-1">
        <p className="font-medium text-purple-900">
          {t(published ? 'evaluationPanel.empty.notYet' : 'evaluationPanel.empty.noGrid')}
        </p>
        <p className="mt-1 text-sm text-purple-900/80">{t(hintKey({ published, ready, canChange }))}</p>
      </div>
      {canChange &&
        (launchable ? (
          <Button disabled={busy} onClick={() => actor.send({ type: 'evaluation.launch', itemId: null })}>
            {t('evaluationPanel.launch')}
          </Button>
        ) : published ? null : (
          <ButtonLink href={`/campaigns/${campaignId}/evaluation`} variant="secondary">
            {t('evaluationPanel.empty.openGrid')}
          </ButtonLink>
        ))}
    </div>
  );
}
