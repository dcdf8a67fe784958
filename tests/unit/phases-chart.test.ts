// What the phases chart draws: the calls' durations when a call was timed, only for the phases that have one (no
// "0 s" bar for a phase found only in chats or in calls typed as text); else the written conversations' turns.
import { describe, expect, it } from 'vitest';
import type { PhasesAverageDuration } from '../../contract/conversation-phases';
import { phasesChart } from '../../src/services/dashboards/phases-chart';

type Phase = PhasesAverageDuration['phases'][number];

const phase = (name: string, callSeconds: number | null, turns: number | null): Phase => ({
  name,
  calls: { conversations: callSeconds === null ? 0 : 3, average_duration_s: callSeconds },
  chats_and_emails: { conversations: turns === null ? 0 : 5, average_turns: turns, average_elapsed_s: null },
});

describe('phases chart', () => {
  it('draws the timed calls’ durations, leaving the phases no call timed to the table', () => {
    const chart = phasesChart([
      phase('Greeting', 12, 2),
      phase('Identification', null, 3),
      phase('Resolution', 95.5, 4),
      phase('Closing', null, null),
    ]);
    expect(chart.measure).toBe('calls');
    expect(chart.rows.map(({ phase: { name }, value }) => [name, value])).toEqual([
      ['Greeting', 12],
      ['Resolution', 95.5],
    ]);
  });

  it('draws the written conversations’ turns when no call was timed, in the phases’ order', () => {
    const chart = phasesChart([
      phase('Accueil', null, 2),
      phase('Demande', null, null),
      phase('Clôture', null, 1.5),
    ]);
    expect(chart.measure).toBe('written');
    expect(chart.rows.map(({ phase: { name }, value }) => [name, value])).toEqual([
      ['Accueil', 2],
      ['Clôture', 1.5],
    ]);
  });

  it('draws nothing for no phase', () => {
    expect(phasesChart([])).toEqual({ measure: 'written', rows: [] });
  });
});
