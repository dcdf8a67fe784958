// A chat as a message thread: the customer's messages on one side, the agent's on the other, each with who
// wrote it, when, and its sentiment.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../components/intl-formatters';
import { SentimentMark } from '../SentimentMark';
import type { ConversationPhase } from '../../../../../contract/conversation-phases';
import { PhaseHeading } from '../phases/PhaseHeading';
import { phaseStarts } from '../phases/phase-style';
import type { ShownTurn } from './shown-turn';
import { SpeakerLabel } from './SpeakerLabel';
import { useFocusedTurn } from './turn-focus';

/** A message's time: its hour and minutes, in the reader's language. */
const chatTime: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: 'numeric' };

export function ChatThread({
  turns,
  phases = [],
}: {
  turns: ShownTurn[];
  phases?: readonly ConversationPhase[];
}) {
  const { i18n } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  const marksOf = useFocusedTurn(list);
  const starts = phaseStarts(phases);
  return (
    <ol ref={list} className="grid gap-3">
      {turns.map((turn, index) => {
        const phaseStart = starts.get(index);
        const agent = turn.speaker === 'agent';
        const { className, ...marks } = marksOf(index);
        return (
          <li key={index} className={`grid ${agent ? 'justify-items-end' : 'justify-items-start'}`}>
            {phaseStart && <PhaseHeading start={phaseStart} />}
            <div
              {...marks}
              tabIndex={-1}
              className={`${className} max-w-[85%] rounded-2xl px-4 py-2 sm:max-w-[70%] ${
                agent ? 'rounded-br-sm bg-purple-50 ring-1 ring-purple-200' : 'rounded-bl-sm bg-gray-100'
              }`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <SpeakerLabel speaker={turn.speaker} />
                {turn.sent_at !== null && (
                  <time
                    dateTime={new Date(turn.sent_at * 1000).toISOString()}
                    className="text-xs text-gray-600"
                  >
                    {dateTimeFormat(i18n.language, chatTime).format(turn.sent_at * 1000)}
                  </time>
                )}
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
