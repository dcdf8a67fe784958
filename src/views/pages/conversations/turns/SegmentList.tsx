// A call's transcript beside its recording: each segment a button that plays the call from there, the one
// playing marked (`aria-current`) and kept in view while the call plays, unless the user is scrolling.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from './clock';
import { SentimentMark } from '../SentimentMark';
import type { ConversationPhase } from '../../../../../contract/conversation-phases';
import { PhaseHeading } from '../phases/PhaseHeading';
import type { ShownTurn } from './shown-turn';
import { SpeakerLabel } from './SpeakerLabel';
import { useFocusedTurn } from './turn-focus';

/** How long after the user scrolled the transcript it stays where they put it. */
const userScrollRespectMs = 4000;

interface SegmentListProps {
  turns: ShownTurn[];
  activeIndex: number | null;
  playing: boolean;
  onSeek: (seconds: number) => void;
  /** The conversation's phases, headed where each starts. */
  phases?: readonly ConversationPhase[];
}

export function SegmentList({ turns, activeIndex, playing, onSeek, phases = [] }: SegmentListProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  const userScrolledAt = useRef(0);
  const marksOf = useFocusedTurn(list);

  useEffect(() => {
    if (!playing || activeIndex === null) return;
    if (Date.now() - userScrolledAt.current < userScrollRespectMs) return;
    const active = list.current?.querySelector<HTMLElement>('[aria-current="true"]');
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    active?.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [activeIndex, playing]);

  const noteUserScroll = () => (userScrolledAt.current = Date.now());
  return (
    <ol ref={list} className="grid gap-1" onWheel={noteUserScroll} onTouchMove={noteUserScroll}>
      {turns.map((turn, index) => {
        const active = index === activeIndex;
        const start = turn.start_s ?? 0;
        const { className: askedClass, ...marks } = marksOf(index);
        return (
          <li key={index}>
            <PhaseHeading phases={phases} index={index} />
            <button
              {...marks}
              type="button"
              aria-current={active ? 'true' : undefined}
              onClick={() => onSeek(start)}
              className={`block w-full scroll-mt-40 rounded-lg px-3 py-2 text-left ring-inset focus-visible:outline-2 focus-visible:outline-purple-600 lg:scroll-mt-4 ${
                active ? 'bg-purple-100 ring-2 ring-purple-600' : 'hover:bg-gray-50'
              } ${askedClass}`}
            >
              <span className="flex flex-wrap items-center gap-2">
                <SpeakerLabel speaker={turn.speaker} />
                <span className="text-xs text-gray-600 tabular-nums">
                  <span className="sr-only">{t('conversation.audio.playFrom')} </span>
                  {formatClock(start)}
                  {turn.end_s !== null && <span aria-hidden="true"> – {formatClock(turn.end_s)}</span>}
                </span>
                {turn.sentiment && <SentimentMark sentiment={turn.sentiment} />}
                {active && <span className="sr-only">{t('conversation.audio.playing')}</span>}
              </span>
              <span lang={turn.lang} className="mt-1 block text-sm whitespace-pre-wrap text-gray-900">
                {turn.text}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
