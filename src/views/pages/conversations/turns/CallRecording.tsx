// A call with its recording: the player kept at the top above the transcript (in the review screen's conversation
// pane, or the page below 1024 px), the segment playing is highlighted and a segment plays on click; a
// turn asked for elsewhere on the page puts the recording at its start. Below the player, the call's phases as a
// timeline whose segments play the call from a phase's start.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationPhase } from '../../../../../contract/conversation-phases';
import { PhaseBand } from '../phases/PhaseBand';
import { activeSegmentIndex } from './active-segment';
import { AudioPlayer } from './AudioPlayer';
import { SegmentList } from './SegmentList';
import type { ShownTurn } from './shown-turn';
import { useTurnFocus } from './turn-focus';

interface CallRecordingProps {
  conversationId: string;
  turns: ShownTurn[];
  phases: ConversationPhase[];
  /** The recording's length in seconds. */
  durationS: number;
  /** What the transcript column shows instead of segments (while the call is transcribed). */
  empty: ReactNode;
  /** The transcript column's heading and tools, and the id of that heading. */
  header: ReactNode;
  labelledBy: string;
}

export function CallRecording({
  conversationId,
  turns,
  phases,
  durationS,
  empty,
  header,
  labelledBy,
}: CallRecordingProps) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  // One function for every render: the transcript's segments are memoised on it.
  const seek = useCallback((seconds: number) => {
    const player = audio.current;
    if (!player) return;
    player.currentTime = seconds;
    setTime(seconds);
    void player.play().catch(() => setPlaying(false));
  }, []);
  const onPlayingChange = useCallback((value: boolean) => setPlaying(value), []);
  const { focus } = useTurnFocus();
  // The phases are placed on the recording when they carry its times (a transcript without times has none).
  const timed = phases.length > 0 && phases.every((phase) => phase.start_s !== null && phase.end_s !== null);

  // A turn asked for elsewhere on the page (an evaluation's evidence) puts the recording at its start.
  useEffect(() => {
    const player = audio.current;
    if (!player || focus?.start === null || focus?.start === undefined) return;
    player.currentTime = focus.start;
    setTime(focus.start);
  }, [focus]);

  return (
    <div className="grid gap-4">
      <section
        aria-label={t('conversation.audio.title')}
        className="sticky top-0 z-10 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
      >
        <h2 className="mb-3 text-base font-semibold text-gray-900">{t('conversation.audio.title')}</h2>
        <AudioPlayer
          ref={audio}
          conversationId={conversationId}
          onTimeUpdate={setTime}
          onPlayingChange={onPlayingChange}
        />
        <p className="mt-2 text-xs text-gray-600">{t('conversation.audio.hint')}</p>
        {timed && (
          <div className="mt-3">
            <PhaseBand
              phases={phases}
              onSelect={(phase) => seek(phase.start_s ?? 0)}
              recording={{ time, duration: durationS }}
            />
          </div>
        )}
      </section>
      <section
        aria-labelledby={labelledBy}
        className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
      >
        {header}
        {turns.length > 0 ? (
          <SegmentList
            turns={turns}
            activeIndex={activeSegmentIndex(turns, time)}
            playing={playing}
            onSeek={seek}
            phases={phases}
          />
        ) : (
          empty
        )}
      </section>
    </div>
  );
}
