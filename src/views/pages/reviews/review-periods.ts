// The periods the Reviews pages count over, in the user's own calendar: this week (from Monday), this month, or
// days chosen, each as `[from, to)` unix seconds.
import type { ReviewPeriodSeconds } from '../../../services/queries/reviews';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The week holding `now`, from Monday 00:00 local time. */
export function thisWeek(now = new Date()): ReviewPeriodSeconds {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7);
  return { from: seconds(start), to: seconds(end) };
}

/** The month holding `now`. */
export function thisMonth(now = new Date()): ReviewPeriodSeconds {
  const start = new Date(now.getFullYear(), now.getMonth(), 1);
  const end = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  return { from: seconds(start), to: seconds(end) };
}

/** The days from `first` to `last` (`YYYY-MM-DD`, both included); null when unreadable or in the wrong order. */
export function daysPeriod(first: string, last: string): ReviewPeriodSeconds | null {
  const day = (text: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
  };
  const start = day(first);
  const end = day(last);
  if (!start || !end || end < start) return null;
  return {
    from: seconds(start),
    to: seconds(new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1)),
  };
}
