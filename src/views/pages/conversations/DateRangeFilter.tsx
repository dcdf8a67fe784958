// When conversations started: from one calendar day to another, whole days, either end open.
import { useTranslation } from 'react-i18next';
import { isoDay } from '../../../services/filters/time-range';
import { DayField } from '../../components/DayField';

export interface StartedRange {
  started_after?: number | undefined;
  started_before?: number | undefined;
}

/** The first and the last second of a calendar day ("2026-11-22"), in the browser's time zone. */
const dayStart = (day: string) =>
  day ? Math.floor(new Date(`${day}T00:00:00`).getTime() / 1000) : undefined;
const dayEnd = (day: string) => (day ? Math.floor(new Date(`${day}T23:59:59`).getTime() / 1000) : undefined);

export function DateRangeFilter({
  value,
  onChange,
}: {
  value: StartedRange;
  onChange: (value: StartedRange) => void;
}) {
  const { t } = useTranslation();
  const from = value.started_after === undefined ? '' : isoDay(value.started_after);
  const to = value.started_before === undefined ? '' : isoDay(value.started_before);
  return (
    <fieldset className="max-sm:w-full">
      <legend className="mb-1 text-xs font-medium text-gray-600 max-sm:sr-only">
        {t('conversations.filters.period')}
      </legend>
      <div className="flex items-center gap-1 max-sm:flex-col max-sm:items-stretch max-sm:gap-2">
        <DayField
          periodEnd
          label={t('conversations.filters.startedFrom')}
          value={from}
          max={to || undefined}
          onChange={(day) => onChange({ ...value, started_after: dayStart(day) })}
        />
        <span aria-hidden="true" className="max-sm:hidden">
          –
        </span>
        <DayField
          periodEnd
          label={t('conversations.filters.startedTo')}
          value={to}
          min={from || undefined}
          onChange={(day) => onChange({ ...value, started_before: dayEnd(day) })}
        />
      </div>
    </fieldset>
  );
}
