// Time in a call's recording: positions as a clock, and the segment playing at a time.
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../contract/conversations';
import { formatClock } from '../../../src/views/pages/conversations/turns/clock';
import { activeSegmentIndex } from '../../../src/views/pages/conversations/turns/active-segment';

describe('formatClock', () => {
  it('writes positions as minutes and seconds, with hours when there are any', () => {
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(750)).toBe('12:30');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(-1)).toBe('0:00');
  });
});

const segment = (start: number | null, end: number | null): Turn => ({
  speaker: 'agent',
  text: 'words',
  subject: null,
  start_s: start,
  end_s: end,
  sent_at: null,
  sentiment: null,
});

describe('activeSegmentIndex', () => {
  const turns = [segment(0, 2.5), segment(2.5, 5), segment(4.5, 6), segment(8, 9)];

  it('finds the segment holding the time, the later one where two overlap', () => {
    expect(activeSegmentIndex(turns, 0)).toBe(0);
    expect(activeSegmentIndex(turns, 2.5)).toBe(1);
    expect(activeSegmentIndex(turns, 4.7)).toBe(2);
    expect(activeSegmentIndex(turns, 8.99)).toBe(3);
  });

  it('is null in a silence, after the end and for turns without timestamps', () => {
    expect(activeSegmentIndex(turns, 7)).toBeNull();
    expect(activeSegmentIndex(turns, 9)).toBeNull();
    expect(activeSegmentIndex([segment(null, null)], 0)).toBeNull();
  });
});
