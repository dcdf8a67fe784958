// The period of the home filters: a preset (last month by default) or two calendar days. The preset listbox's
// code (Headless UI) loads when the user first shows interest in it; until then a stand-in shows the choice.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '../../../../contract/filters';
import {
  customTimeRange,
  isoDay,
  presetOf,
  presetTimeRange,
  type TimeRangePreset,
} from '../../../services/filters/time-range';
import { codeOnIntent } from '../../components/code-on-intent';
import { DayField } from '../../components/DayField';
import { ListboxStandIn } from '../../components/ListboxStandIn';
import { useStandIn } from '../../components/use-stand-in';

export type TimeRangeChoice = TimeRangePreset | 'custom';

const listboxCode = codeOnIntent(() => import('./TimeRangeListbox'));

export function TimeRangePicker({
  value,
  onChange,
}: {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<TimeRangeChoice>(() => presetOf(value));
  const { real, handover, preload, onIntent } = useStandIn(listboxCode);

  const choose = (next: TimeRangeChoice) => {
    setChoice(next);
    if (next !== 'custom') onChange(presetTimeRange(next));
  };
  const changeDay = (from: string, to: string) => {
    const range = customTimeRange(from, to);
    if (range) onChange(range);
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      {real ? (
        <real.TimeRangeListbox choice={choice} onChange={choose} handover={handover} />
      ) : (
        <ListboxStandIn label={t('filters.timeRange')} preload={preload} onIntent={onIntent}>
          {t(`filters.presets.${choice}`)}
        </ListboxStandIn>
      )}
      {choice === 'custom' && (
        <>
          <DayField
            label={t('filters.from')}
            value={isoDay(value.start)}
            max={isoDay(value.end)}
            onChange={(day) => changeDay(day, isoDay(value.end))}
          />
          <DayField
            label={t('filters.to')}
            value={isoDay(value.end)}
            min={isoDay(value.start)}
            onChange={(day) => changeDay(isoDay(value.start), day)}
          />
        </>
      )}
    </div>
  );
}
