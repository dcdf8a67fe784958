// An item's evidence: each quote found in the conversation is a button that shows its turn (and puts a call's
// recording there); a quote not found is listed apart, marked, and never offered as proof.
import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { EvaluationEvidence } from '../../../../contract/evaluations';
import { formatClock } from '../conversations/turns/clock';
import { useTurnFocus } from '../conversations/turns/turn-focus';

export function EvidenceList({ evidence }: { evidence: EvaluationEvidence[] }) {
  const { t } = useTranslation();
  const { focusTurn } = useTurnFocus();
  if (evidence.length === 0) return null;
  return (
    <div className="mt-2">
      <p className="text-xs font-medium text-gray-600">{t('evaluationPanel.evidence')}</p>
      <ul className="mt-1 grid gap-1">
        {evidence.map((quote, index) =>
          quote.verified ? (
            <li key={index}>
              <button
                type="button"
                onClick={() => focusTurn(quote.turn, quote.start ?? null)}
                className="block w-full rounded-lg bg-gray-50 px-3 py-1.5 text-left text-sm ring-1 ring-gray-200 hover:bg-purple-50 hover:ring-purple-300 focus-visible:outline-2 focus-visible:outline-purple-600"
              >
                <span className="text-xs font-medium text-purple-800">
                  {t('evaluationPanel.turn', { turn: quote.turn })}
                  {quote.start !== undefined && ` · ${formatClock(quote.start)}`}
                  <span className="sr-only"> {t('evaluationPanel.showTurn')}</span>
                </span>
                <span className="line-clamp-2 text-gray-900">
                  {t('evaluationPanel.quote', { text: quote.text })}
                </span>
              </button>
            </li>
          ) : (
            <li key={index} className="rounded-lg border border-dashed border-amber-400 px-3 py-1.5 text-sm">
              <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800">
                <ExclamationTriangleIcon className="size-3.5" aria-hidden="true" />
                {t('evaluationPanel.unverified')}
              </span>
              <span className="block text-gray-600 italic">
                {t('evaluationPanel.quote', { text: quote.text })}
              </span>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
