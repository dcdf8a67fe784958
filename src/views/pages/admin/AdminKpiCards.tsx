// The admin home's four key figures for the chosen scope: conversations, evaluations, audio hours, active users.
import { useTranslation } from 'react-i18next';
import type { AdminKpiFigures } from '../../../../contract/admin';
import { formatCount, formatHours } from './admin-figures';

const figures = ['conversations', 'evaluations', 'audio_hours', 'active_users'] as const;

/** The figures, or placeholders while the first ones load. */
export function AdminKpiCards({ totals, busy }: { totals: AdminKpiFigures | undefined; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const format = (figure: (typeof figures)[number], value: number) =>
    figure === 'audio_hours' ? formatHours(value, i18n.language) : formatCount(value, i18n.language);

  return (
    <dl aria-busy={busy} className={`grid grid-cols-2 gap-3 lg:grid-cols-4 ${busy ? 'opacity-60' : ''}`}>
      {figures.map((figure) => (
        <div key={figure} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5">
          <dt className="text-sm font-medium text-gray-600">{t(`adminHome.figures.${figure}`)}</dt>
          <dd className="mt-2 text-2xl font-semibold text-gray-900 tabular-nums sm:text-3xl">
            {totals ? (
              format(figure, totals[figure])
            ) : (
              <span className="block h-8 w-20 animate-pulse rounded bg-gray-200" aria-hidden="true" />
            )}
          </dd>
          <dd className="mt-1 text-xs text-gray-500">{t(`adminHome.figureHints.${figure}`)}</dd>
        </div>
      ))}
    </dl>
  );
}
