// "Test a call" on the campaign's evaluation page: a recording or a transcript is dropped or picked, followed live
// through transcription, analysis and evaluation with the grid as published, and its result shown beside the grid;
// the earlier test calls below, each of which can be shown again.
import { useTranslation } from 'react-i18next';
import type { EvaluationGrid } from '../../../../contract/evaluation-grids';
import { TestCallActorContext, TestCallProvider } from '../../../machines/test-call/provider';
import {
  selectFileName,
  selectIsBusy,
  selectJob,
  selectReadError,
  selectStage,
  selectTestCall,
  selectTestCallId,
  selectUploadError,
} from '../../../machines/test-call/selectors';
import { errorMessageKey } from '../../../services/api-error';
import { Button } from '../../components/Button';
import { refusalKey } from '../../components/refusal';
import { TestCallDropZone } from './TestCallDropZone';
import { TestCallList } from './TestCallList';
import { TestCallResult } from './TestCallResult';
import { TestCallSteps } from './TestCallSteps';

const refusals = {
  400: 'testCalls.refused.unreadable',
  413: 'testCalls.refused.tooLarge',
  415: 'testCalls.refused.unsupported',
  422: 'testCalls.refused.noGrid',
};

function Progress({ grid }: { grid: EvaluationGrid }) {
  const { t } = useTranslation();
  const stage = TestCallActorContext.useSelector(selectStage);
  const testCall = TestCallActorContext.useSelector(selectTestCall);
  const job = TestCallActorContext.useSelector(selectJob);
  const fileName = TestCallActorContext.useSelector(selectFileName);
  const uploadError = TestCallActorContext.useSelector(selectUploadError);
  const readError = TestCallActorContext.useSelector(selectReadError);
  const actor = TestCallActorContext.useActorRef();
  if (stage === 'idle') return null;
  return (
    <div className="grid grid-cols-1 gap-3 rounded-lg p-3 ring-1 ring-gray-200" aria-live="polite">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 text-sm">
          <span className="block truncate font-medium text-gray-900" title={fileName ?? ''}>
            {fileName}
          </span>
          <span data-testid="test-call-stage" className="block text-gray-600">
            {t(`testCalls.stage.${stage}`)}
          </span>
        </p>
        {(stage === 'done' || stage === 'failed' || stage === 'refused') && (
          <Button variant="secondary" className="shrink-0" onClick={() => actor.send({ type: 'reset' })}>
            {t('testCalls.close')}
          </Button>
        )}
      </div>
      {stage === 'refused' && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {t(refusalKey(uploadError, refusals) ?? errorMessageKey(uploadError))}
        </p>
      )}
      {readError !== null && (
        <p role="alert" className="text-sm text-red-800">
          {t('testCalls.readFailed')} {t(errorMessageKey(readError))}
        </p>
      )}
      {testCall && stage !== 'done' && <TestCallSteps testCall={testCall} job={job} />}
      {testCall?.status === 'failed' && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <p>{t('testCalls.failed')}</p>
          {testCall.status_detail && (
            <details className="mt-1">
              <summary className="cursor-pointer">{t('testCalls.details')}</summary>
              <p className="mt-1 break-words">{testCall.status_detail}</p>
            </details>
          )}
        </div>
      )}
      {testCall && stage === 'done' && (
        <>
          <TestCallSteps testCall={testCall} job={null} />
          <TestCallResult testCall={testCall} currentGrid={grid} />
        </>
      )}
    </div>
  );
}

function Panel({ campaignId, grid }: { campaignId: string; grid: EvaluationGrid }) {
  const { t } = useTranslation();
  const actor = TestCallActorContext.useActorRef();
  const stage = TestCallActorContext.useSelector(selectStage);
  const busy = TestCallActorContext.useSelector(selectIsBusy);
  const shownId = TestCallActorContext.useSelector(selectTestCallId);
  return (
    <section
      data-testid="test-call-panel"
      data-state={stage}
      aria-labelledby="test-call-title"
      className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="test-call-title" className="text-base font-semibold text-gray-900">
        {t('testCalls.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('testCalls.intro')}</p>
      <div className="mt-4 grid grid-cols-1 gap-4">
        {grid.version === 0 ? (
          <p className="text-sm text-gray-600">{t('testCalls.publishFirst')}</p>
        ) : (
          <TestCallDropZone
            disabled={stage === 'uploading'}
            onFile={(file) => actor.send({ type: 'file.chosen', file })}
          />
        )}
        <Progress grid={grid} />
        <TestCallList
          campaignId={campaignId}
          shownId={shownId}
          disabled={stage === 'uploading' || (busy && shownId === null)}
          onShow={(testCallId) => actor.send({ type: 'testCall.open', testCallId })}
        />
      </div>
    </section>
  );
}

export function TestCallPanel({ campaignId, grid }: { campaignId: string; grid: EvaluationGrid }) {
  return (
    <TestCallProvider campaignId={campaignId}>
      <Panel campaignId={campaignId} grid={grid} />
    </TestCallProvider>
  );
}
