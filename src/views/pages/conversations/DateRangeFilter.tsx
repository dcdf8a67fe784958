// When conversations started: from one calendar day to another, whole days, either end open.
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { isoDay } from '../../../services/filters/time-range';
import { DayField } from '../../components/DayField';

export interface StartedRange {
  started_after?: number | undefined;
  started_before?: number | undefined;
}

const dayStart = (day: string) =>
  day ? Math.floor(DateTime.fromISO(day).startOf('day').toSeconds()) : undefined;
const dayEnd = (day: string) =>
  day ? Math.floor(DateTime.fromISO(day).endOf('day').toSeconds()) : undefined;

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
