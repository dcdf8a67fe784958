// A conversation's length as lists show it: "4:07", "1:02:45"; an email thread spanning days, "2d, 3h" ("2j, 3h").
import { Duration } from 'luxon';

const day = 86_400;

export function formatConversationDuration(seconds: number, locale: string): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole >= day) {
    return Duration.fromObject({ days: Math.floor(whole / day), hours: Math.floor((whole % day) / 3600) })
      .reconfigure({ locale })
      .toHuman({ unitDisplay: 'narrow' });
  }
  return Duration.fromObject({ seconds: whole }).toFormat(whole >= 3600 ? 'h:mm:ss' : 'm:ss');
}
