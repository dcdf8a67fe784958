// The review queue's sampling rules: UTC periods (a week from Monday, calendar months), seeded draws that never
// change and spread near ids apart, the quotas, a closed period's shortfall, and the reviewer with the least load
// who is never the agent.
import { describe, expect, it } from 'vitest';
import {
  chooseReviewer,
  draws,
  dueAtFrom,
  perAgentShare,
  periodOf,
  previousPeriodOf,
  quotaTakes,
  samplingPeriod,
  shortfallPicks,
} from '../../server/domain/review-sampling';

const at = (iso: string) => new Date(iso);
const iso = ({ start, end }: { start: Date; end: Date }) => [start.toISOString(), end.toISOString()];
/** Ids as uuid v7 makes them one after another: they differ in their last characters only. */
const nearId = (n: number) => `019ac000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
const ruleId = '019ac000-0000-7000-8000-00000000aaaa';
const monday = at('2026-11-23T00:00:00Z');

describe('periodOf', () => {
  it('cuts days at UTC midnight', () => {
    expect(iso(periodOf('day', at('2026-11-27T23:59:59.999Z')))).toEqual([
      '2026-11-27T00:00:00.000Z',
      '2026-11-28T00:00:00.000Z',
    ]);
  });

  it('starts weeks on Monday: a Sunday closes the week, the Monday after opens the next', () => {
    const week = ['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'];
    expect(iso(periodOf('week', at('2026-11-23T00:00:00Z')))).toEqual(week);
    expect(iso(periodOf('week', at('2026-11-25T12:00:00Z')))).toEqual(week);
    expect(iso(periodOf('week', at('2026-11-29T23:59:59.999Z')))).toEqual(week);
    expect(iso(periodOf('week', at('2026-11-30T00:00:00Z')))).toEqual([
      '2026-11-30T00:00:00.000Z',
      '2026-12-07T00:00:00.000Z',
    ]);
  });

  it('reads the UTC date, not the local one (late Sunday in New York is Monday in UTC)', () => {
    expect(periodOf('week', at('2026-11-29T20:00:00-05:00')).start.toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
  });

  it('cuts calendar months, across a year and through February of a leap year', () => {
    expect(iso(periodOf('month', at('2026-12-31T23:59:59Z')))).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
    expect(iso(periodOf('month', at('2028-02-29T10:00:00Z')))).toEqual([
      '2028-02-01T00:00:00.000Z',
      '2028-03-01T00:00:00.000Z',
    ]);
  });

  it('finds the period before, across a month and a year', () => {
    expect(iso(previousPeriodOf('month', at('2027-01-01T00:00:00Z')))).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
    expect(iso(previousPeriodOf('week', at('2026-12-02T00:00:00Z')))).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ]);
    expect(iso(previousPeriodOf('day', at('2026-03-01T05:00:00Z')))).toEqual([
      '2026-02-28T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
  });
});

describe('samplingPeriod', () => {
  it('is the per-agent quota’s own period, and none for a share or all', () => {
    expect(samplingPeriod({ per_agent: 2, period: 'week' })).toBe('week');
    expect(samplingPeriod({ percent: 10 })).toBeNull();
    expect(samplingPeriod({ all: true })).toBeNull();
  });
});

describe('draws', () => {
  it('are the same every time for the same rule, period and conversation', () => {
    const first = draws(ruleId, monday, nearId(1));
    expect(draws(ruleId, new Date(monday), nearId(1))).toEqual(first);
    expect(first.take).toBeGreaterThanOrEqual(0);
    expect(first.take).toBeLessThan(1);
  });

  it('change with the period, the rule and the conversation', () => {
    const first = draws(ruleId, monday, nearId(1));
    expect(draws(ruleId, at('2026-11-30T00:00:00Z'), nearId(1)).take).not.toBe(first.take);
    expect(draws(ruleId, null, nearId(1)).take).not.toBe(first.take);
    expect(draws(nearId(2), monday, nearId(1)).take).not.toBe(first.take);
    expect(draws(ruleId, monday, nearId(2)).take).not.toBe(first.take);
  });

  it('spread ids that differ by one over [0, 1) evenly', () => {
    const takes = Array.from({ length: 2000 }, (_, n) => draws(ruleId, monday, nearId(n)).take);
    const tenths = Array.from({ length: 10 }, (_, tenth) =>
      takes.filter((take) => Math.floor(take * 10) === tenth),
    );
    for (const tenth of tenths) {
      expect(tenth.length).toBeGreaterThan(140);
      expect(tenth.length).toBeLessThan(260);
    }
  });

  it('draw the reviewer independently of the take: the conversations a small share keeps split evenly', () => {
    const kept = Array.from({ length: 4000 }, (_, n) => draws(ruleId, monday, nearId(n))).filter(
      (draw) => draw.take < 0.1,
    );
    const firstHalf = kept.filter((draw) => draw.reviewer < 0.5).length;
    expect(kept.length).toBeGreaterThan(300);
    expect(firstHalf / kept.length).toBeGreaterThan(0.4);
    expect(firstHalf / kept.length).toBeLessThan(0.6);
  });
});

describe('quotaTakes', () => {
  it('takes every conversation for all', () => {
    expect(quotaTakes({ all: true }, 0.999, 1000)).toBe(true);
  });

  it('takes a percentage by the draw', () => {
    expect(quotaTakes({ percent: 10 }, 0.099, 0)).toBe(true);
    expect(quotaTakes({ percent: 10 }, 0.1, 0)).toBe(false);
    expect(quotaTakes({ percent: 100 }, 0.9999, 0)).toBe(true);
  });

  it('takes an agent’s conversations up to the number, under the share', () => {
    const quota = { per_agent: 2, period: 'week' } as const;
    expect(quotaTakes(quota, 0.9, 0)).toBe(true);
    expect(quotaTakes(quota, 0.9, 1)).toBe(true);
    expect(quotaTakes(quota, 0.1, 2)).toBe(false);
    expect(quotaTakes(quota, 0.3, 0, 0.25)).toBe(false);
    expect(quotaTakes(quota, 0.2, 0, 0.25)).toBe(true);
  });

  it('draws a share from the previous period: all without a history, the number over the count otherwise', () => {
    expect(perAgentShare(2, 0)).toBe(1);
    expect(perAgentShare(2, 2)).toBe(1);
    expect(perAgentShare(2, 8)).toBe(0.25);
  });
});

describe('shortfallPicks', () => {
  const candidate = (id: number, agentId: string | null, takeDraw: number) => ({
    id: nearId(id),
    agentId,
    takeDraw,
  });

  it('fills each agent up to the number, lowest draws first, and leaves full agents and no agent alone', () => {
    const picks = shortfallPicks(
      [
        candidate(1, 'ann', 0.7),
        candidate(2, 'ann', 0.2),
        candidate(3, 'ann', 0.5),
        candidate(4, 'bob', 0.1),
        candidate(5, 'cat', 0.9),
        candidate(6, null, 0),
      ],
      new Map([
        ['ann', 1],
        ['bob', 3],
      ]),
      3,
    );
    expect(picks.map((pick) => pick.id)).toEqual([nearId(2), nearId(3), nearId(5)]);
  });
});

describe('chooseReviewer', () => {
  const loads = [
    { id: 'ann', openAssignments: 4 },
    { id: 'bob', openAssignments: 1 },
    { id: 'cat', openAssignments: 1 },
  ];

  it('gives to the least loaded, the draw settling a tie', () => {
    expect(chooseReviewer(loads, null, 0)).toBe('bob');
    expect(chooseReviewer(loads, null, 0.99)).toBe('cat');
  });

  it('never gives a conversation to its agent, even the least loaded', () => {
    expect(chooseReviewer(loads, 'bob', 0)).toBe('cat');
    expect(chooseReviewer([{ id: 'ann', openAssignments: 0 }], 'ann', 0.5)).toBeUndefined();
    expect(chooseReviewer([], null, 0.5)).toBeUndefined();
  });

  it('spreads a run over reviewers as their loads grow', () => {
    const open = new Map([
      ['ann', 0],
      ['bob', 0],
    ]);
    for (let n = 0; n < 10; n += 1) {
      const reviewers = [...open].map(([id, openAssignments]) => ({ id, openAssignments }));
      const chosen = chooseReviewer(reviewers, null, draws(ruleId, monday, nearId(n)).reviewer) as string;
      open.set(chosen, (open.get(chosen) ?? 0) + 1);
    }
    expect([...open.values()]).toEqual([5, 5]);
  });
});

describe('dueAtFrom', () => {
  it('is whole days after the assignment is given', () => {
    expect(dueAtFrom(at('2026-11-29T22:00:00Z'), 3).toISOString()).toBe('2026-12-02T22:00:00.000Z');
  });
});
