// A conversation's phases as a band of coloured segments, each as wide as the phase is long (a call's seconds,
// else its turns), named, with what it spans; a segment is a button that goes to the phase's start (plays a call
// from there, or brings its first turn into view). On a call's recording, the band spans the whole recording
// (stretches before the first phase and after the last one left blank) and a mark follows the playing position.
import { useTranslation } from 'react-i18next';
import type { ConversationPhase } from '../../../../../contract/conversation-phases';
import { phaseColours, phaseSpan, phaseWeight } from './phase-style';

interface PhaseBandProps {
  phases: ConversationPhase[];
  onSelect: (phase: ConversationPhase) => void;
  /** The recording's playing position and length in seconds, when the band is a call's timeline. */
  recording?: { time: number; duration: number };
}

/** A blank stretch of the recording, outside every phase. */
function Gap({ grow }: { grow: number }) {
  return grow > 0 ? <div className="bg-gray-100" style={{ flexGrow: grow, flexBasis: 0 }} /> : null;
}

export function PhaseBand({ phases, onSelect, recording }: PhaseBandProps) {
  const { t, i18n } = useTranslation();
  const first = phases[0];
  const last = phases.at(-1);
  if (!first || !last) return null;
  const before = recording ? (first.start_s ?? 0) : 0;
  const after = recording ? Math.max(0, recording.duration - (last.end_s ?? recording.duration)) : 0;
  const total = before + after + phases.reduce((sum, phase) => sum + phaseWeight(phase), 0);
  const headAt = recording ? Math.min(1, Math.max(0, recording.time / total)) : null;
  return (
    <nav aria-label={t('conversation.phases.label')} className="min-w-0 space-y-1.5">
      <div className="relative">
        <div className="flex h-9 w-full gap-0.5 overflow-hidden rounded-lg">
          <Gap grow={before / total} />
          {phases.map((phase, position) => {
            const span = phaseSpan(phase, t, i18n.language);
            const label = t('conversation.phases.goTo', { name: phase.name, span });
            return (
              <div
                key={`${phase.name}-${phase.first_turn}`}
                className="min-w-6"
                style={{ flexGrow: phaseWeight(phase) / total, flexBasis: 0 }}
              >
                <button
                  type="button"
                  aria-label={label}
                  title={label}
                  onClick={() => onSelect(phase)}
                  className={`h-full w-full truncate px-2 text-left text-xs font-medium text-white hover:brightness-110 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white ${phaseColours(position).band}`}
                >
                  {phase.name}
                </button>
              </div>
            );
          })}
          <Gap grow={after / total} />
        </div>
        {headAt !== null && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute -top-1 -bottom-1 w-0.5 rounded bg-gray-900"
            style={{ left: `${headAt * 100}%` }}
          />
        )}
      </div>
      <ul aria-hidden="true" className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-gray-600">
        {phases.map((phase, position) => (
          <li key={`${phase.name}-${phase.first_turn}`} className="inline-flex items-center gap-1">
            <span className={`size-2.5 rounded-sm ${phaseColours(position).band}`} />
            <span className="font-medium text-gray-800">{phase.name}</span>
            <span className="tabular-nums">{phaseSpan(phase, t, i18n.language)}</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
