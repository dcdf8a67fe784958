// A conversation's phases as a band of coloured segments, each as wide as the phase is long (a call's seconds,
// else its turns), named, with what it spans; a segment is a button that goes to the phase's start (plays a call
// from there, or brings its first turn into view). On a call, a mark follows the recording's position.
import { useTranslation } from 'react-i18next';
import type { ConversationPhase } from '../../../../../contract/conversation-phases';
import { phaseColours, phaseSpan, phaseWeight } from './phase-style';

interface PhaseBandProps {
  phases: ConversationPhase[];
  onSelect: (phase: ConversationPhase) => void;
  /** The recording's position and length, for a call played beside the band. */
  playhead?: { time: number; start: number; end: number };
}

export function PhaseBand({ phases, onSelect, playhead }: PhaseBandProps) {
  const { t, i18n } = useTranslation();
  if (phases.length === 0) return null;
  const total = phases.reduce((sum, phase) => sum + phaseWeight(phase), 0);
  const headAt =
    playhead && playhead.end > playhead.start
      ? Math.min(1, Math.max(0, (playhead.time - playhead.start) / (playhead.end - playhead.start)))
      : null;
  return (
    <nav aria-label={t('conversation.phases.label')} className="grid gap-1.5">
      <div className="relative">
        <ol className="flex h-9 w-full gap-0.5 overflow-hidden rounded-lg">
          {phases.map((phase, position) => {
            const span = phaseSpan(phase, t, i18n.language);
            const label = t('conversation.phases.goTo', { name: phase.name, span });
            return (
              <li
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
              </li>
            );
          })}
        </ol>
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
