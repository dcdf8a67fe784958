// One transcript segment to correct: its timestamps as they are, its speaker and its text; after a conflict, the
// other person's version of it when it differs.
import { PlayIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { speakers } from '../../../../contract/values/conversations';
import type { Language } from '../../../../contract/enums';
import { controlClass } from '../../components/fields';
import { formatClock } from '../conversations/turns/clock';
import type { DraftSegment } from './transcript-draft';

interface SegmentEditorProps {
  number: number;
  /** The segment's timestamps in the recording (seconds), kept as they are; null for a call given as text. */
  start: number | null;
  end: number | null;
  segment: DraftSegment;
  language: Language;
  theirs: DraftSegment | null;
  onChange: (segment: DraftSegment) => void;
  /** Plays the recording from the segment's start; absent without a recording. */
  onPlay?: (seconds: number) => void;
}

export function SegmentEditor({
  number,
  start,
  end,
  segment,
  language,
  theirs,
  onChange,
  onPlay,
}: SegmentEditorProps) {
  const { t } = useTranslation();
  const span = start !== null && end !== null ? `${formatClock(start)} – ${formatClock(end)}` : null;
  const name = span
    ? t('conversation.editor.segmentAt', { number, span })
    : t('conversation.editor.segment', { number });
  const theirsId = `segment-${number}-theirs`;
  return (
    <li
      className={`grid gap-2 rounded-lg p-3 ring-1 sm:grid-cols-[9rem_1fr] ${
        theirs ? 'bg-amber-50 ring-amber-300' : 'bg-white ring-gray-200'
      }`}
    >
      <div className="grid content-start gap-2">
        <p className="text-xs font-medium text-gray-600 tabular-nums">{name}</p>
        {onPlay && start !== null && (
          <button
            type="button"
            className="inline-flex items-center gap-1 justify-self-start rounded-lg px-2 py-1 text-xs font-medium text-purple-800 ring-1 ring-purple-200 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
            onClick={() => onPlay(start)}
          >
            <PlayIcon className="size-3.5" aria-hidden="true" />
            {t('conversation.editor.play', { number })}
          </button>
        )}
        <select
          className={controlClass}
          value={segment.speaker}
          aria-label={t('conversation.editor.speakerOf', { number })}
          onChange={(event) =>
            onChange({ ...segment, speaker: event.target.value as DraftSegment['speaker'] })
          }
        >
          {speakers.map((speaker) => (
            <option key={speaker} value={speaker}>
              {t(`conversation.speakers.${speaker}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <textarea
          rows={2}
          lang={language}
          className={`${controlClass} field-sizing-content min-h-16`}
          value={segment.text}
          aria-label={t('conversation.editor.textOf', { number })}
          aria-describedby={theirs ? theirsId : undefined}
          onChange={(event) => onChange({ ...segment, text: event.target.value })}
        />
        {theirs && (
          <p id={theirsId} className="text-sm text-amber-950">
            <span className="font-semibold">
              {t('conversation.editor.theirVersion', {
                speaker: t(`conversation.speakers.${theirs.speaker}`),
              })}
            </span>{' '}
            <span lang={language} className="whitespace-pre-wrap">
              {theirs.text}
            </span>
          </p>
        )}
      </div>
    </li>
  );
}
