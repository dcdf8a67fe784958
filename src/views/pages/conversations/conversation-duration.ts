// A conversation's length as lists show it: "4:07", "1:02:45".
import { Duration } from 'luxon';

export const formatConversationDuration = (seconds: number): string =>
  Duration.fromObject({ seconds: Math.max(0, Math.round(seconds)) }).toFormat(
    seconds >= 3600 ? 'h:mm:ss' : 'm:ss',
  );
