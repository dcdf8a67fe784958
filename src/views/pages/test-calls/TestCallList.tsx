// The campaign's earlier test calls, newest first: file, when, status and score; each can be shown in the panel.
import { useTranslation } from 'react-i18next';
import type { TestCallSummary } from '../../../../contract/test-calls';
import { useTestCalls } from '../../../services/queries/test-calls';
import { Button } from '../../components/Button';
import { formatDateTime } from '../../components/format';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { formatScore } from '../evaluations/answer-text';

function statusText(t: ReturnType<typeof useTranslation>['t'], testCall: TestCallSummary, locale: string) {
  if (testCall.status === 'done') return formatScore(testCall.main_score, locale);
  return t(`testCalls.status.${testCall.status}`);
}

export function TestCallList({
  campaignId,
  shownId,
  disabled,
  onShow,
}: {
  campaignId: string;
  shownId: string | null;
  disabled: boolean;
  onShow: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const list = useTestCalls(campaignId);
  return (
    <div className="grid grid-cols-1 gap-2">
      <h3 className="text-sm font-semibold text-gray-900">{t('testCalls.previous')}</h3>
      {list.error ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-gray-600">{t('testCalls.none')}</p>
      ) : (
        <ul aria-label={t('testCalls.previous')} className="grid gap-2" data-testid="test-call-list">
          {list.data.map((testCall) => (
            <li key={testCall.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0">
                <span className="block truncate font-medium text-gray-900" title={testCall.file_name}>
                  {testCall.file_name}
                </span>
                <span className="block text-xs text-gray-600">
                  {formatDateTime(testCall.created_at, i18n.language)} ·{' '}
                  <span data-testid="test-call-status">{statusText(t, testCall, i18n.language)}</span>
                </span>
              </span>
              {testCall.id === shownId ? (
                <span className="shrink-0 text-xs text-gray-600">{t('testCalls.shown')}</span>
              ) : (
                <Button
                  variant="secondary"
                  className="shrink-0"
                  disabled={disabled}
                  aria-label={t('testCalls.showNamed', { name: testCall.file_name })}
                  onClick={() => onShow(testCall.id)}
                >
                  {t('testCalls.show')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
