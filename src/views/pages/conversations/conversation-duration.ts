// A conversation's length as lists show it: "4:07", "1:02:45"; an email thread spanning days, "2d, 3h" ("2j, 3h").
import { listFormat, numberFormat } from '../../components/intl-formatters';

const day = 86_400;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Whole days and hours in the locale's narrow units, listed as it lists them ("2d, 3h", "2j, 3h"). */
function daysAndHours(days: number, hours: number, locale: string): string {
  const narrow = (value: number, unit: string) =>
    numberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(value);
  return listFormat(locale, { type: 'conjunction', style: 'narrow' }).format([
    narrow(days, 'day'),
    narrow(hours, 'hour'),
  ]);
}

export function formatConversationDuration(seconds: number, locale: string): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole >= day) return daysAndHours(Math.floor(whole / day), Math.floor((whole % day) / 3600), locale);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(rest)}` : `${minutes}:${twoDigits(rest)}`;
}
