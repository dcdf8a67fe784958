// A test call's way through the pipeline: each step (waiting, transcription for a recording, analysis, evaluation)
// as waiting, under way (with the running job's progress) or finished with how long it took.
import { CheckCircleIcon, EllipsisHorizontalCircleIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { JobProgress } from '../../../../contract/jobs';
import type { TestCall, TestCallStatus } from '../../../../contract/test-calls';

type Step = 'queued' | 'transcribing' | 'analysing' | 'evaluating';

const order: TestCallStatus[] = ['queued', 'transcribing', 'analysing', 'evaluating', 'done'];

const secondsOf = (testCall: TestCall, step: Step): number | null => {
  const { timings } = testCall;
  switch (step) {
    case 'queued':
      return timings.queued_s;
    case 'transcribing':
      return timings.transcription_s;
    case 'analysing':
      return timings.analysis_s;
    case 'evaluating':
      return timings.evaluation_s;
  }
};

export function TestCallSteps({ testCall, job }: { testCall: TestCall; job: JobProgress | null }) {
  const { t, i18n } = useTranslation();
  const steps: Step[] =
    testCall.source === 'audio'
      ? ['queued', 'transcribing', 'analysing', 'evaluating']
      : ['queued', 'analysing', 'evaluating'];
  const current = order.indexOf(testCall.status);
  // Steps often take a fraction of a second: two decimals under one second, one above.
  const seconds = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: value < 1 ? 2 : 1 }).format(value);
  return (
    <ol aria-label={t('testCalls.steps')} className="grid gap-2 text-sm">
      {steps.map((step) => {
        const position = order.indexOf(step);
        const finished = testCall.status !== 'failed' && position < current;
        const underWay = position === current;
        const took = secondsOf(testCall, step);
        const percent = underWay && job ? Math.round(job.progress * 100) : null;
        return (
          <li key={step} data-step={step} className="grid gap-1">
            <span className="flex items-center justify-between gap-2">
              <span
                className={`flex items-center gap-1.5 ${underWay ? 'font-medium text-gray-900' : 'text-gray-700'}`}
              >
                {finished ? (
                  <CheckCircleIcon className="size-4 text-green-700" aria-hidden="true" />
                ) : (
                  <EllipsisHorizontalCircleIcon
                    className={`size-4 ${underWay ? 'animate-pulse text-purple-700' : 'text-gray-400'}`}
                    aria-hidden="true"
                  />
                )}
                {t(`testCalls.step.${step}`)}
              </span>
              <span className="text-gray-600 tabular-nums">
                {finished && took !== null
                  ? t('testCalls.seconds', { seconds: seconds(took) })
                  : underWay
                    ? t('testCalls.underWay')
                    : ''}
              </span>
            </span>
            {percent !== null && (
              <progress
                className="h-1.5 w-full accent-purple-700"
                max={100}
                value={percent}
                aria-label={t(`testCalls.step.${step}`)}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}
