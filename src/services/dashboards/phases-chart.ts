// What the phases chart draws: the calls' durations when at least one call was timed on its recording, else the
// chats' and emails' turns; and only the phases that have that figure, so that a phase never timed on a call (a
// call typed as text, a phase found only in chats) is left to the table instead of drawn as a "0 s" bar.
import type { PhasesAverageDuration } from '../../../contract/conversation-phases';

type Phase = PhasesAverageDuration['phases'][number];

export type PhasesMeasure = 'calls' | 'written';

export interface ChartedPhase {
  phase: Phase;
  value: number;
}

const valueOf = (phase: Phase, measure: PhasesMeasure): number | null =>
  measure === 'calls' ? phase.calls.average_duration_s : phase.chats_and_emails.average_turns;

export function phasesChart(phases: readonly Phase[]): { measure: PhasesMeasure; rows: ChartedPhase[] } {
  const measure: PhasesMeasure = phases.some((phase) => valueOf(phase, 'calls') !== null)
    ? 'calls'
    : 'written';
  const rows = phases.flatMap((phase) => {
    const value = valueOf(phase, measure);
    return value === null ? [] : [{ phase, value }];
  });
  return { measure, rows };
}
