// The period's totals, one card per figure (tokens with the calls and their split in and out), then the test
// calls' usage, which the cards leave out.
import { useTranslation } from 'react-i18next';
import type { UsageFigures } from '../../../../contract/usage';
import { formatCount } from '../dashboards/graph-format';
import { anyUsage, formatMeasure, measureValue, usageMeasures, type UsageMeasure } from './usage-figures';

export function UsageCards({
  totals,
  testTotals,
  busy,
}: {
  totals: UsageFigures | undefined;
  testTotals: UsageFigures | undefined;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const hint = (measure: UsageMeasure, figures: UsageFigures) =>
    measure === 'tokens'
      ? t('usage.tokensHint', {
          in: formatCount(figures.tokens_in, locale),
          out: formatCount(figures.tokens_out, locale),
          calls: formatCount(figures.llm_calls, locale),
        })
      : t(`usage.hints.${measure}`);

  return (
    <div className={`grid grid-cols-1 gap-3 ${busy ? 'opacity-60' : ''}`} aria-busy={busy}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {usageMeasures.map((measure) => (
          <div key={measure} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5">
            <dt className="text-sm font-medium text-gray-600">{t(`usage.measures.${measure}`)}</dt>
            <dd className="mt-2 text-2xl font-semibold text-gray-900 tabular-nums sm:text-3xl">
              {totals ? (
                formatMeasure(measure, measureValue(totals, measure), locale)
              ) : (
                <span className="block h-8 w-20 animate-pulse rounded bg-gray-200" aria-hidden="true" />
              )}
            </dd>
            {totals && <dd className="mt-1 text-xs text-gray-500">{hint(measure, totals)}</dd>}
          </div>
        ))}
      </dl>
      {testTotals && (
        <p
          className={`rounded-lg px-4 py-3 text-sm ring-1 ${
            anyUsage(testTotals)
              ? 'bg-amber-50 text-amber-900 ring-amber-200'
              : 'bg-gray-50 text-gray-600 ring-gray-200'
          }`}
        >
          {anyUsage(testTotals)
            ? t('usage.testUsage', {
                figures: usageMeasures
                  .filter((measure) => measureValue(testTotals, measure) > 0)
                  .map(
                    (measure) =>
                      `${t(`usage.measures.${measure}`)} ${formatMeasure(measure, measureValue(testTotals, measure), locale)}`,
                  )
                  .join(' · '),
              })
            : t('usage.noTestUsage')}
        </p>
      )}
    </div>
  );
}
