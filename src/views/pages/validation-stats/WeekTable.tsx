// The weekly agreement as a table, folded under the chart: the same figures as the line, for readers who cannot
// see it or want the numbers.
import { useTranslation } from 'react-i18next';
import { formatRate, formatWeek } from './figure-format';
import type { WeekFigures } from './validation-figures';

export function WeekTable({ weeks }: { weeks: WeekFigures[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-medium text-purple-800 focus-visible:outline-2 focus-visible:outline-purple-600">
        {t('validationStats.weeksAsTable')}
      </summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">{t('validationStats.chartPerWeek')}</caption>
          <thead className="text-xs text-gray-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-4">
                {t('validationStats.columns.week')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('validationStats.columns.rate')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('validationStats.columns.agreed')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('validationStats.columns.changed')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {weeks.map((week) => (
              <tr key={week.week}>
                <th scope="row" className="py-2 pr-4 font-normal">
                  {t('validationStats.weekOf', { date: formatWeek(week.week, locale) })}
                </th>
                <td className="py-2 pr-4">{formatRate(week.rate, locale)}</td>
                <td className="py-2 pr-4">{week.agreed.toLocaleString(locale)}</td>
                <td className="py-2 pr-4">{week.changed.toLocaleString(locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
