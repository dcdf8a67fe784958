// The conversation's evaluation (issues 9 and 21): its scores and each item's answer with why, live while it is
// evaluated, and, for those who may, answers and comments changed in place (by pointer or by keyboard, one current
// item at a time), evaluating again (one item or all) and validating. The flow is the evaluation machine's (its
// actor is the page's, see EvaluationProvider); the names come from the grid version the evaluation was made with.
import { ClipboardDocumentCheckIcon } from '@heroicons/react/20/solid';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../contract/conversations';
import type { EvaluationGrid } from '../../../../contract/evaluation-grids';
import type { Evaluation } from '../../../../contract/evaluations';
import type { CurrentUser } from '../../../../contract/users';
import { EvaluationActorContext } from '../../../machines/evaluation/provider';
import { selectStage } from '../../../machines/evaluation/selectors';
import { useEvaluationGridVersion } from '../../../services/queries/evaluation-grids';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { EvaluationHeader } from './EvaluationHeader';
import { EvaluationItems } from './EvaluationItems';
import { EvaluationScores } from './EvaluationScores';
import { EvaluationFailure, EvaluationProgress } from './EvaluationStatus';
import { NotEvaluated } from './NotEvaluated';

/** The evaluation card; inside the page's EvaluationProvider. */
export function EvaluationPanel({ conversation, user }: { conversation: Conversation; user: CurrentUser }) {
  return (
    <EvaluationCard
      evaluation={conversation.evaluation}
      campaignId={conversation.campaign_id}
      ready={conversation.status === 'ready'}
      user={user}
    />
  );
}

/**
 * Puts the keyboard on the panel's heading when a launch starts: the button that launched it is disabled while the
 * job works, and the focus would otherwise fall to the page's start. The progress then speaks from its status.
 */
function useFocusOnLaunch() {
  const heading = useRef<HTMLHeadingElement>(null);
  const stage = EvaluationActorContext.useSelector(selectStage);
  useEffect(() => {
    if (stage === 'launching') heading.current?.focus();
  }, [stage]);
  return heading;
}

function EvaluationCard({
  evaluation,
  campaignId,
  ready,
  user,
}: {
  /** As the conversation's query holds it: the evaluation machine writes its changes there. */
  evaluation: Evaluation | null;
  campaignId: string;
  ready: boolean;
  user: CurrentUser;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const stage = EvaluationActorContext.useSelector(selectStage);
  const heading = useFocusOnLaunch();
  return (
    <section
      aria-labelledby={titleId}
      data-testid="evaluation-panel"
      data-state={stage}
      className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h2
        id={titleId}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-base font-semibold text-gray-900 outline-none focus-visible:ring-2 focus-visible:ring-purple-600"
      >
        <ClipboardDocumentCheckIcon className="size-5 text-purple-700" aria-hidden="true" />
        {t('evaluationPanel.title')}
      </h2>
      <div className="mt-3">
        <EvaluationFailure />
        <EvaluationProgress />
        {evaluation === null ? (
          stage === 'none' && <NotEvaluated campaignId={campaignId} ready={ready} />
        ) : (
          <EvaluationWithGrid evaluation={evaluation} campaignId={campaignId} user={user} />
        )}
      </div>
    </section>
  );
}

function EvaluationWithGrid({
  evaluation,
  campaignId,
  user,
}: {
  evaluation: Evaluation;
  campaignId: string;
  user: CurrentUser;
}) {
  const grid = useEvaluationGridVersion(evaluation.grid_id, evaluation.grid_version);
  if (grid.error) return <QueryError error={grid.error} onRetry={() => void grid.refetch()} />;
  if (grid.isPending) return <Loading />;
  return (
    <>
      <EvaluationHeader evaluation={evaluation} campaignId={campaignId} user={user} />
      <EvaluationBody evaluation={evaluation} grid={grid.data} />
    </>
  );
}

function EvaluationBody({ evaluation, grid }: { evaluation: Evaluation; grid: EvaluationGrid }) {
  const { t } = useTranslation();
  if (evaluation.status === 'failed') {
    return (
      <p className="mt-4 text-sm text-red-800">
        {t('evaluationPanel.runFailed')}
        {evaluation.status_reason && (
          <span lang="en" className="mt-1 block font-mono text-xs break-words">
            {evaluation.status_reason}
          </span>
        )}
      </p>
    );
  }
  if (evaluation.items.length === 0) return null;
  return (
    <div className="mt-4 grid gap-6">
      <EvaluationScores evaluation={evaluation} grid={grid} />
      <EvaluationItems evaluation={evaluation} grid={grid} />
    </div>
  );
}
