// A time as spec §9 shows it, in the user's language ("14:05", "Yesterday", "3 days ago", "12/31/2025").
import { useTranslation } from 'react-i18next';
import { displayTime } from './display-time';

export function useDisplayTime(): (seconds: number) => string {
  const { t, i18n } = useTranslation();
  return (seconds) => {
    const time = displayTime(seconds, new Date(), i18n.language);
    switch (time.kind) {
      case 'time':
      case 'date':
        return time.text;
      case 'yesterday':
        return t('time.yesterday');
      case 'daysAgo':
        return t('time.daysAgo', { count: time.days });
    }
  };
}
