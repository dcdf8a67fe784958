// A call's transcript beside its recording: each segment a button that plays the call from there, the one
// playing marked (`aria-current`) and kept in view while the call plays, unless the user is scrolling.
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from './clock';
import { SentimentMark } from '../SentimentMark';
import type { ConversationPhase } from '../../../../../contract/conversation-phases';
import { PhaseHeading } from '../phases/PhaseHeading';
import { phaseStarts, type PhaseStart } from '../phases/phase-style';
import type { ShownTurn } from './shown-turn';
import { SpeakerLabel } from './SpeakerLabel';
import { turnMarks, useFocusedTurn, useTurnFocus } from './turn-focus';

/** How long after the user scrolled the transcript it stays where they put it. */
const userScrollRespectMs = 4000;

interface SegmentListProps {
  turns: ShownTurn[];
  activeIndex: number | null;
  playing: boolean;
  /** Plays the call from there; the same function from one render to the next, so segments render only on change. */
  onSeek: (seconds: number) => void;
  /** The conversation's phases, headed where each starts. */
  phases?: readonly ConversationPhase[];
}

interface SegmentProps {
  turn: ShownTurn;
  index: number;
  active: boolean;
  /** The turn asked for elsewhere on the page. */
  asked: boolean;
  phaseStart: PhaseStart | undefined;
  onSeek: (seconds: number) => void;
}

/** One segment; memoised, as the recording's time re-renders the list several times a second while it plays. */
const Segment = memo(function Segment({ turn, index, active, asked, phaseStart, onSeek }: SegmentProps) {
  const { t } = useTranslation();
  const start = turn.start_s ?? 0;
  const { className: askedClass, ...marks } = turnMarks(index, asked);
  return (
    <li>
      {phaseStart && <PhaseHeading start={phaseStart} />}
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
});

export function SegmentList({ turns, activeIndex, playing, onSeek, phases = [] }: SegmentListProps) {
  const list = useRef<HTMLOListElement>(null);
  const userScrolledAt = useRef(0);
  useFocusedTurn(list);
  const askedTurn = useTurnFocus().focus?.turn;
  const starts = useMemo(() => phaseStarts(phases), [phases]);

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
      {turns.map((turn, index) => (
        <Segment
          key={index}
          turn={turn}
          index={index}
          active={index === activeIndex}
          asked={askedTurn === index + 1}
          phaseStart={starts.get(index)}
          onSeek={onSeek}
        />
      ))}
    </ol>
  );
}
