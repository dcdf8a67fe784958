// The conversation's evaluation (issue 9): its scores and each item's answer with why, live while it is evaluated,
// and, for those who may, changing an answer, evaluating again (one item or all) and validating. The flow is the
// evaluation machine's; the names come from the grid version the evaluation was made with.
import { ClipboardDocumentCheckIcon } from '@heroicons/react/20/solid';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../contract/conversations';
import type { EvaluationGrid } from '../../../../contract/evaluation-grids';
import type { Evaluation } from '../../../../contract/evaluations';
import type { CurrentUser } from '../../../../contract/users';
import { EvaluationActorContext, EvaluationProvider } from '../../../machines/evaluation/provider';
import { selectEditingItemId, selectStage } from '../../../machines/evaluation/selectors';
import { useEvaluationGridVersion } from '../../../services/queries/evaluation-grids';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { EvaluationHeader } from './EvaluationHeader';
import { EvaluationItemRow } from './EvaluationItemRow';
import { EvaluationScores } from './EvaluationScores';
import { EvaluationFailure, EvaluationProgress } from './EvaluationStatus';
import { ItemAnswerDialog } from './ItemAnswerDialog';
import { NotEvaluated } from './NotEvaluated';
import { formatScore } from './answer-text';

interface EvaluationPanelProps {
  conversation: Conversation;
  user: CurrentUser;
  canChange: boolean;
}

export function EvaluationPanel({ conversation, user, canChange }: EvaluationPanelProps) {
  return (
    <EvaluationProvider
      conversationId={conversation.id}
      userId={user.id}
      canChange={canChange}
      status={conversation.evaluation?.status ?? null}
    >
      <EvaluationCard
        evaluation={conversation.evaluation}
        campaignId={conversation.campaign_id}
        ready={conversation.status === 'ready'}
        user={user}
      />
    </EvaluationProvider>
  );
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
  return (
    <section
      aria-labelledby={titleId}
      data-testid="evaluation-panel"
      data-state={stage}
      className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold text-gray-900">
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
  const { t, i18n } = useTranslation();
  const editingItemId = EvaluationActorContext.useSelector(selectEditingItemId);
  const results = new Map(evaluation.items.map((result) => [result.item_id, result]));
  const editing = grid.sections.flatMap((section) => section.items).find((item) => item.id === editingItemId);
  const editingResult = editing && results.get(editing.id);

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
  const sectionScore = (id: string) =>
    evaluation.section_scores.find((score) => score.section_id === id)?.score ?? null;
  return (
    <div className="mt-4 grid gap-6">
      <EvaluationScores evaluation={evaluation} grid={grid} />
      {grid.sections.map((section) => (
        <section key={section.id} aria-label={section.name}>
          <h3 className="flex items-baseline justify-between gap-3 border-b border-gray-200 pb-1 text-sm font-semibold text-purple-900">
            {section.name}
            <span className="tabular-nums">{formatScore(sectionScore(section.id), i18n.language)}</span>
          </h3>
          <ul className="divide-y divide-gray-100">
            {section.items.map((item) => {
              const result = results.get(item.id);
              return result && <EvaluationItemRow key={item.id} item={item} result={result} />;
            })}
          </ul>
        </section>
      ))}
      {editing && editingResult && <ItemAnswerDialog item={editing} result={editingResult} />}
    </div>
  );
}
