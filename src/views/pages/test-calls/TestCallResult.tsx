// A test call's result beside the grid: the main score, each item's answer and score with the grid version it was
// made with, the transcript, and the way to open it as a conversation.
import { ArrowTopRightOnSquareIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { EvaluationGrid, EvaluationItem } from '../../../../contract/evaluation-grids';
import type { EvaluationValue } from '../../../../contract/evaluations';
import type { TestCall } from '../../../../contract/test-calls';
import { useEvaluationGridVersion } from '../../../services/queries/evaluation-grids';
import { ButtonLink } from '../../components/Button';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { answerText, formatScore, subItemAnswers } from '../evaluations/answer-text';
import { SpeakerLabel } from '../conversations/turns/SpeakerLabel';

function Answers({ testCall, grid }: { testCall: TestCall; grid: EvaluationGrid }) {
  const { t, i18n } = useTranslation();
  /** A composed item's answer in a line: how many of its sub-items were met. */
  const composedText = (item: EvaluationItem, value: EvaluationValue) => {
    const answers = subItemAnswers(item, value);
    return t('testCalls.composed', {
      met: answers.filter((sub) => sub.answer === 'yes').length,
      total: answers.length,
    });
  };
  const results = new Map(testCall.evaluation?.items.map((result) => [result.item_id, result]));
  return (
    <div className="grid gap-3">
      {grid.sections.map((section) => (
        <div key={section.id}>
          <h4 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{section.name}</h4>
          <ul className="mt-1 grid gap-1 text-sm">
            {section.items.map((item) => {
              const result = results.get(item.id);
              const value = result?.value ?? null;
              return (
                <li
                  key={item.id}
                  data-testid="test-call-answer"
                  className="flex items-baseline justify-between gap-3 border-b border-gray-100 py-1"
                >
                  <span className="min-w-0 text-gray-700">{item.name}</span>
                  <span className="shrink-0 text-right">
                    <span className="font-medium text-gray-900">
                      {value === null
                        ? t('testCalls.noAnswer')
                        : item.type === 'composed_item'
                          ? composedText(item, value)
                          : answerText(t, item, value)}
                    </span>
                    <span className="ml-2 text-gray-600 tabular-nums">
                      {formatScore(result?.score ?? null, i18n.language)}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function TestCallResult({
  testCall,
  currentGrid,
}: {
  testCall: TestCall;
  currentGrid: EvaluationGrid;
}) {
  const { t, i18n } = useTranslation();
  const version = testCall.evaluation?.grid_version ?? null;
  const older = useEvaluationGridVersion(
    currentGrid.id,
    version !== null && version !== currentGrid.version ? version : null,
  );
  const grid = version === currentGrid.version ? currentGrid : older.data;
  const evaluation = testCall.evaluation;
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="test-call-result">
      {evaluation && (
        <div
          className={`rounded-xl p-3 text-center ring-1 ${
            evaluation.auto_failed ? 'bg-red-50 ring-red-200' : 'bg-purple-50 ring-purple-200'
          }`}
        >
          <p className="text-sm font-medium text-gray-700">{t('testCalls.mainScore')}</p>
          <p data-testid="test-call-score" className="text-3xl font-semibold text-gray-900 tabular-nums">
            {formatScore(evaluation.main_score, i18n.language)}
          </p>
          <p className="text-xs text-gray-600">
            {t('testCalls.gridVersion', { version: evaluation.grid_version })}
            {evaluation.auto_failed && ` · ${t('testCalls.autoFailed')}`}
          </p>
        </div>
      )}
      {evaluation &&
        (older.error ? (
          <QueryError error={older.error} onRetry={() => void older.refetch()} />
        ) : grid ? (
          <Answers testCall={testCall} grid={grid} />
        ) : (
          <Loading />
        ))}
      <details className="rounded-lg bg-gray-50 p-3 text-sm ring-1 ring-gray-200">
        <summary className="cursor-pointer font-medium text-gray-900">
          {t('testCalls.transcript', { count: testCall.turns.length })}
        </summary>
        {testCall.turns.length === 0 ? (
          <p className="mt-2 text-gray-600">{t('testCalls.noTranscript')}</p>
        ) : (
          <ol className="mt-2 grid max-h-80 gap-2 overflow-y-auto" data-testid="test-call-transcript">
            {testCall.turns.map((turn, index) => (
              <li key={index} className="grid">
                <SpeakerLabel speaker={turn.speaker} />
                <span className="whitespace-pre-line text-gray-800">{turn.text}</span>
              </li>
            ))}
          </ol>
        )}
      </details>
      <ButtonLink href={`/conversations/${testCall.id}`} variant="secondary">
        <ArrowTopRightOnSquareIcon className="size-4" aria-hidden="true" />
        {t('testCalls.openConversation')}
      </ButtonLink>
    </div>
  );
}
