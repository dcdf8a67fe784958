// The conversation's answers to its campaign's custom analyses: each question's name and answer (yes or no, an
// option, a number, a quoted text, or that none was found), with the turn the answer was read from, which brings
// that turn into view (and puts a call's recording there). Shown once the conversation has answers.
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../contract/conversations';
import type { CustomAnalysisResult } from '../../../../contract/custom-analyses';
import { useTurnFocus } from './turns/turn-focus';

function AnswerText({ result }: { result: CustomAnalysisResult }) {
  const { t, i18n } = useTranslation();
  const { value } = result;
  if (value === null)
    return <span className="text-gray-600">{t('conversation.customAnalyses.noAnswer')}</span>;
  if (typeof value === 'boolean')
    return <>{t(value ? 'customAnalyses.answers.yes' : 'customAnalyses.answers.no')}</>;
  if (typeof value === 'number')
    return <span className="tabular-nums">{value.toLocaleString(i18n.language)}</span>;
  return <>{result.type === 'free_text' ? t('customAnalyses.answers.quoted', { text: value }) : value}</>;
}

export function CustomAnalysisPanel({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const { focusTurn } = useTurnFocus();
  const results = conversation.custom_analyses ?? [];
  if (results.length === 0) return null;
  const startOf = (turn: number) => conversation.turns[turn - 1]?.start_s ?? null;
  return (
    <section
      aria-labelledby="custom-analyses-title"
      className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id="custom-analyses-title" className="text-base font-semibold text-gray-900">
        {t('conversation.customAnalyses.title')}
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {results.map(({ evidence_turn: evidence, ...result }) => (
          <div key={result.analysis_id} className="min-w-0 rounded-lg bg-gray-50 px-3 py-2">
            <dt className="text-xs font-medium text-gray-500">{result.name}</dt>
            <dd className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm break-words text-gray-900">
              <AnswerText result={{ ...result, evidence_turn: evidence }} />
              {evidence !== null && (
                <button
                  type="button"
                  className="text-xs text-purple-800 hover:underline focus-visible:outline-2 focus-visible:outline-purple-600"
                  onClick={() => focusTurn(evidence, startOf(evidence))}
                >
                  {t('conversation.customAnalyses.evidence', { turn: evidence })}
                </button>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
