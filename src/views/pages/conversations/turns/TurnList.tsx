// The turns of a call given as text: speaker, words and sentiment, one after the other.
import { useRef } from 'react';
import type { ConversationPhase } from '../../../../../contract/conversation-phases';
import { PhaseHeading } from '../phases/PhaseHeading';
import { phaseStarts } from '../phases/phase-style';
import type { ShownTurn } from './shown-turn';
import { SentimentMark } from '../SentimentMark';
import { SpeakerLabel } from './SpeakerLabel';
import { useFocusedTurn } from './turn-focus';

export function TurnList({
  turns,
  phases = [],
}: {
  turns: ShownTurn[];
  phases?: readonly ConversationPhase[];
}) {
  const list = useRef<HTMLOListElement>(null);
  const marksOf = useFocusedTurn(list);
  const starts = phaseStarts(phases);
  return (
    <ol ref={list} className="grid gap-3">
      {turns.map((turn, index) => {
        const phaseStart = starts.get(index);
        const { className, ...marks } = marksOf(index);
        return (
          <li key={index}>
            {phaseStart && <PhaseHeading start={phaseStart} />}
            <div {...marks} tabIndex={-1} className={`rounded-lg bg-gray-50 px-3 py-2 ${className}`}>
              <div className="flex items-center gap-2">
                <SpeakerLabel speaker={turn.speaker} />
                {turn.sentiment && <SentimentMark sentiment={turn.sentiment} />}
              </div>
              <p lang={turn.lang} className="mt-1 text-sm whitespace-pre-wrap text-gray-900">
                {turn.text}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
