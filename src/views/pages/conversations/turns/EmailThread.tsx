// An email exchange as a thread: each email with its subject, who sent it, when, its sentiment and its body.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format';
import { SentimentMark } from '../SentimentMark';
import type { ConversationPhase } from '../../../../../contract/conversation-phases';
import { PhaseHeading } from '../phases/PhaseHeading';
import { phaseStarts } from '../phases/phase-style';
import type { ShownTurn } from './shown-turn';
import { SpeakerLabel } from './SpeakerLabel';
import { useFocusedTurn } from './turn-focus';

export function EmailThread({
  turns,
  phases = [],
}: {
  turns: ShownTurn[];
  phases?: readonly ConversationPhase[];
}) {
  const { t, i18n } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  const marksOf = useFocusedTurn(list);
  const starts = phaseStarts(phases);
  return (
    <ol ref={list} className="grid gap-4">
      {turns.map((turn, index) => {
        const phaseStart = starts.get(index);
        const { className, ...marks } = marksOf(index);
        return (
          <li key={index}>
            {phaseStart && <PhaseHeading start={phaseStart} />}
            <article
              {...marks}
              tabIndex={-1}
              className={`${className} rounded-lg p-4 ring-1 ${
                turn.speaker === 'agent' ? 'bg-purple-50/50 ring-purple-200' : 'bg-white ring-gray-200'
              }`}
            >
              <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-gray-200 pb-2">
                <h3 lang={turn.lang} className="text-sm font-semibold text-gray-900">
                  {turn.subject || t('conversation.turns.noSubject')}
                </h3>
                <div className="flex items-center gap-2">
                  <SpeakerLabel speaker={turn.speaker} />
                  {turn.sent_at !== null && (
                    <span className="text-xs text-gray-600">
                      {formatDateTime(turn.sent_at, i18n.language)}
                    </span>
                  )}
                  {turn.sentiment && <SentimentMark sentiment={turn.sentiment} />}
                </div>
              </header>
              <p lang={turn.lang} className="mt-3 text-sm whitespace-pre-wrap text-gray-900">
                {turn.text}
              </p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
