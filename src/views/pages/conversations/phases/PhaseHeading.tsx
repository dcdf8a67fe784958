// The label a transcript shows above the turn where a phase starts: the phase's name, its place and what it
// spans, in the phase's colour, so that the turns read grouped by phase. Inside the turn's list item, so that
// the list keeps one item per turn.
import { useTranslation } from 'react-i18next';
import { phaseColours, phaseSpan, type PhaseStart } from './phase-style';

/** The label of the phase that starts at a turn (`phaseStarts` says which). */
export function PhaseHeading({ start: { phase, position } }: { start: PhaseStart }) {
  const { t, i18n } = useTranslation();
  return (
    <p
      className={`mb-2 flex flex-wrap items-baseline justify-between gap-x-3 justify-self-stretch rounded-md px-3 py-1.5 text-sm ring-1 ${phaseColours(position).soft}`}
    >
      <span className="font-semibold">
        {t('conversation.phases.heading', { number: position + 1, name: phase.name })}
      </span>
      <span className="text-xs tabular-nums">{phaseSpan(phase, t, i18n.language)}</span>
    </p>
  );
}
