// How the dashboards write their figures in the reader's locale (Intl, Luxon): scores, counts, shares, durations,
// the score evolution's periods and the KPIs' changes.
import { DateTime } from 'luxon';
import type { ScoreInterval } from '../../../../contract/dashboard-graphs';
import type { KpiChange } from '../../../services/dashboards/kpi-change';

/** A dash for a figure there is none of. */
export const noFigure = '—';

export const formatCount = (count: number, locale: string): string =>
  new Intl.NumberFormat(locale).format(count);

/** A 0–100 score with one decimal at most ("72.4", "72,4"). */
export const formatScore = (score: number | null, locale: string): string =>
  score === null ? noFigure : new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(score);

/** A 0–1 share as a percentage ("41 %" in French). */
export const formatShare = (share: number | null, locale: string): string =>
  share === null
    ? noFigure
    : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);

const unit = (value: number, name: 'hour' | 'minute' | 'second', locale: string) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(value);

/** A duration in seconds as its two largest units ("3m 12s", "5h 11min" as the locale writes them). */
export function formatDuration(seconds: number | null, locale: string): string {
  if (seconds === null) return noFigure;
  const whole = Math.round(seconds);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  if (hours > 0) return `${unit(hours, 'hour', locale)} ${unit(minutes, 'minute', locale)}`;
  if (minutes > 0) return `${unit(minutes, 'minute', locale)} ${unit(rest, 'second', locale)}`;
  return unit(rest, 'second', locale);
}

/** A KPI's change, signed: "+12 %" for a ratio, "+4.5" for points (the caller names the unit). */
export function formatChange({ amount, unit: kind }: KpiChange, locale: string): string {
  const options: Intl.NumberFormatOptions =
    kind === 'ratio'
      ? { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' }
      : { maximumFractionDigits: 1, signDisplay: 'exceptZero' };
  return new Intl.NumberFormat(locale, options).format(amount);
}

/** A bucket of the score evolution by its first day: "Nov 3" for a day or a week, "Nov 2026" for a month. */
export function formatPeriod(periodStart: string, interval: ScoreInterval, locale: string): string {
  const day = DateTime.fromISO(periodStart, { zone: 'utc' }).setLocale(locale);
  return interval === 'month'
    ? day.toLocaleString({ month: 'short', year: 'numeric' })
    : day.toLocaleString({ month: 'short', day: 'numeric' });
}
