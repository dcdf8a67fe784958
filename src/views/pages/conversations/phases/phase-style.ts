// How a conversation's phases look and read: one colour per phase by its place in the conversation, and what a
// phase spans (a call's stretch of the recording, a chat's or email's turns and elapsed time).
import type { TFunction } from 'i18next';
import type { ConversationPhase } from '../../../../../contract/conversation-phases';
import { formatConversationDuration } from '../conversation-duration';
import { formatClock } from '../turns/clock';

const colours = [
  { band: 'bg-purple-700', soft: 'bg-purple-50 text-purple-900 ring-purple-200' },
  { band: 'bg-sky-700', soft: 'bg-sky-50 text-sky-900 ring-sky-200' },
  { band: 'bg-amber-700', soft: 'bg-amber-50 text-amber-900 ring-amber-200' },
  { band: 'bg-emerald-700', soft: 'bg-emerald-50 text-emerald-900 ring-emerald-200' },
  { band: 'bg-rose-700', soft: 'bg-rose-50 text-rose-900 ring-rose-200' },
  { band: 'bg-indigo-700', soft: 'bg-indigo-50 text-indigo-900 ring-indigo-200' },
  { band: 'bg-teal-700', soft: 'bg-teal-50 text-teal-900 ring-teal-200' },
  { band: 'bg-orange-700', soft: 'bg-orange-50 text-orange-900 ring-orange-200' },
] as const;

/** The colours of the phase at `position` in the conversation (0-based). */
export const phaseColours = (position: number) => colours[position % colours.length] ?? colours[0];

/** What a phase spans, said in the reader's words: "0:12 – 1:05" on a call, "3 turns · 2m" elsewhere. */
export function phaseSpan(phase: ConversationPhase, t: TFunction, locale: string): string {
  if (phase.start_s !== null && phase.end_s !== null)
    return `${formatClock(phase.start_s)} – ${formatClock(phase.end_s)}`;
  const turns = t('conversation.phases.turns', { count: phase.turns });
  return phase.duration_s === null
    ? turns
    : `${turns} · ${formatConversationDuration(phase.duration_s, locale)}`;
}

/** How much room a phase takes on the band: its length on a call's recording, else its turns. */
export const phaseWeight = (phase: ConversationPhase): number =>
  phase.start_s !== null && phase.end_s !== null ? Math.max(phase.end_s - phase.start_s, 0.5) : phase.turns;

/** A phase with its place in the conversation (0-based). */
export interface PhaseStart {
  phase: ConversationPhase;
  position: number;
}

/**
 * The phases by the index (0-based) of the turn each starts at, found once for a whole transcript: each turn then
 * looks its own up instead of searching the phases, and only the turns where one starts render a heading.
 */
export function phaseStarts(phases: readonly ConversationPhase[]): Map<number, PhaseStart> {
  const starts = new Map<number, PhaseStart>();
  phases.forEach((phase, position) => {
    if (!starts.has(phase.first_turn - 1)) starts.set(phase.first_turn - 1, { phase, position });
  });
  return starts;
}
