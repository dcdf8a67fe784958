// Spec §9 time display: same day HH:mm, previous day "Yesterday", same year "N days ago", else the local date.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { displayTime } from '../../src/views/components/display-time';

const zone = 'Europe/Paris';
const now = DateTime.fromISO('2026-11-22T10:30:00', { zone }).toJSDate();
const at = (iso: string) => Math.floor(DateTime.fromISO(iso, { zone }).toSeconds());

describe('displayTime', () => {
  it('shows the hour and minute for the same day, even just after midnight', () => {
    expect(displayTime(at('2026-11-22T09:05:00'), now, 'en', zone)).toEqual({ kind: 'time', text: '09:05' });
    expect(displayTime(at('2026-11-22T00:00:00'), now, 'fr', zone)).toEqual({ kind: 'time', text: '00:00' });
  });

  it('says yesterday for the previous calendar day, however few hours ago', () => {
    expect(displayTime(at('2026-11-21T23:59:00'), now, 'en', zone)).toEqual({ kind: 'yesterday' });
    expect(displayTime(at('2026-11-21T00:01:00'), now, 'en', zone)).toEqual({ kind: 'yesterday' });
  });

  it('counts calendar days earlier in the same year', () => {
    expect(displayTime(at('2026-11-20T23:00:00'), now, 'en', zone)).toEqual({ kind: 'daysAgo', days: 2 });
    expect(displayTime(at('2026-01-01T08:00:00'), now, 'en', zone)).toEqual({ kind: 'daysAgo', days: 325 });
  });

  it('shows the local date for another year, in the reader’s language', () => {
    const lastYear = at('2025-12-31T12:00:00');
    expect(displayTime(lastYear, now, 'en-US', zone)).toEqual({ kind: 'date', text: '12/31/2025' });
    expect(displayTime(lastYear, now, 'fr', zone)).toEqual({ kind: 'date', text: '31/12/2025' });
  });
});
