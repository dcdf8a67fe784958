// An alert's condition in words ("Main score below 60", "Item “Greets the customer” equal to 0"), its threshold
// in the reader's number format: said by an alert notification and by the alert pages.
import type { TFunction } from 'i18next';
import type { AlertDetailType, AlertOperator } from '../../../contract/alerts';

export interface AlertCondition {
  type: AlertDetailType;
  operator: AlertOperator;
  score: number;
  /** The watched section, score or item's name ('' for the main score). */
  name: string;
}

export function alertConditionText(t: TFunction, locale: string, condition: AlertCondition): string {
  return t('notifications.alertDetail', {
    subject: t(`notifications.subjects.${condition.type}`, { name: condition.name }),
    operator: t(`notifications.operators.${condition.operator}`),
    score: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(condition.score),
  });
}
