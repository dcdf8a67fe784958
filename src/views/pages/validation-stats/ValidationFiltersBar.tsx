// The validation statistics' filters: the conversations' language, the engine that made the evaluations, and a
// range of weeks among those the statistics hold.
import { useTranslation } from 'react-i18next';
import { languages } from '../../../../contract/values/enums';
import { evaluationEngines } from '../../../../contract/evaluations';
import { SelectField } from '../../components/fields';
import { formatWeek } from './figure-format';
import type { ValidationFilters } from './validation-figures';

interface ValidationFiltersBarProps {
  value: ValidationFilters;
  onChange: (filters: ValidationFilters) => void;
  weeks: string[];
}

export function ValidationFiltersBar({ value, onChange, weeks }: ValidationFiltersBarProps) {
  const { t, i18n } = useTranslation();
  const all = { value: '', label: t('validationStats.filters.all') };
  const weekOptions = weeks.map((week) => ({
    value: week,
    label: t('validationStats.weekOf', { date: formatWeek(week, i18n.language) }),
  }));
  return (
    <div className="mb-6 grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:grid-cols-2 lg:grid-cols-4">
      <SelectField
        label={t('validationStats.filters.language')}
        value={value.language === 'all' ? '' : value.language}
        options={[
          all,
          ...languages.map((language) => ({ value: language, label: t(`languages.${language}`) })),
        ]}
        onChange={(event) =>
          onChange({ ...value, language: (event.target.value || 'all') as ValidationFilters['language'] })
        }
      />
      <SelectField
        label={t('validationStats.filters.engine')}
        value={value.engine === 'all' ? '' : value.engine}
        options={[
          all,
          ...evaluationEngines.map((engine) => ({
            value: engine,
            label: t(`validationStats.engines.${engine}`),
          })),
        ]}
        onChange={(event) =>
          onChange({ ...value, engine: (event.target.value || 'all') as ValidationFilters['engine'] })
        }
      />
      <SelectField
        label={t('validationStats.filters.fromWeek')}
        value={value.fromWeek ?? ''}
        options={[{ value: '', label: t('validationStats.filters.firstWeek') }, ...weekOptions]}
        onChange={(event) => onChange({ ...value, fromWeek: event.target.value || null })}
      />
      <SelectField
        label={t('validationStats.filters.toWeek')}
        value={value.toWeek ?? ''}
        options={[{ value: '', label: t('validationStats.filters.lastWeek') }, ...weekOptions]}
        onChange={(event) => onChange({ ...value, toWeek: event.target.value || null })}
      />
    </div>
  );
}
