// The audit log's filters: action, actor (kind and id), target (kind and id) and the period, in UTC days.
import { useTranslation } from 'react-i18next';
import { auditActions, auditActorTypes, auditTargetTypes } from '../../../../contract/values/audit-log';
import type { AuditLogFilters } from '../../../services/queries/audit-log';

const daySeconds = 24 * 60 * 60;
const dayOf = (seconds: number | undefined) =>
  seconds === undefined ? '' : new Date(seconds * 1000).toISOString().slice(0, 10);
const secondsOf = (day: string) => (day ? Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) : undefined);

const fieldClass = 'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm';

function without<Key extends keyof AuditLogFilters>(
  filters: AuditLogFilters,
  key: Key,
  value: AuditLogFilters[Key] | '' | undefined,
): AuditLogFilters {
  const next = { ...filters };
  if (value === '' || value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

export function AuditLogFilterBar({
  filters,
  onChange,
}: {
  filters: AuditLogFilters;
  onChange: (filters: AuditLogFilters) => void;
}) {
  const { t } = useTranslation();
  const select = (key: 'action' | 'actor_type' | 'target_type', values: readonly string[], label: string) => (
    <label className="grid gap-1 text-sm font-medium text-gray-700">
      {label}
      <select
        className={fieldClass}
        value={filters[key] ?? ''}
        onChange={(event) => onChange(without(filters, key, event.target.value))}
      >
        <option value="">{t('auditLog.filters.any')}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {t(
              `auditLog.${key === 'action' ? 'actions' : key === 'actor_type' ? 'actorTypes' : 'targetTypes'}.${value}`,
            )}
          </option>
        ))}
      </select>
    </label>
  );
  const text = (key: 'actor_id' | 'target_id', label: string) => (
    <label className="grid gap-1 text-sm font-medium text-gray-700">
      {label}
      <input
        className={fieldClass}
        value={filters[key] ?? ''}
        onChange={(event) => onChange(without(filters, key, event.target.value.trim()))}
      />
    </label>
  );
  return (
    <form
      aria-label={t('auditLog.filters.label')}
      className="grid grid-cols-1 gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => event.preventDefault()}
    >
      {select('action', auditActions, t('auditLog.filters.action'))}
      {select('actor_type', auditActorTypes, t('auditLog.filters.actorType'))}
      {text('actor_id', t('auditLog.filters.actorId'))}
      {select('target_type', auditTargetTypes, t('auditLog.filters.targetType'))}
      {text('target_id', t('auditLog.filters.targetId'))}
      <label className="grid gap-1 text-sm font-medium text-gray-700">
        {t('auditLog.filters.from')}
        <input
          type="date"
          className={fieldClass}
          value={dayOf(filters.from)}
          onChange={(event) => onChange(without(filters, 'from', secondsOf(event.target.value)))}
        />
      </label>
      <label className="grid gap-1 text-sm font-medium text-gray-700">
        {t('auditLog.filters.to')}
        <input
          type="date"
          className={fieldClass}
          value={dayOf(filters.to === undefined ? undefined : filters.to - daySeconds + 1)}
          onChange={(event) => {
            const start = secondsOf(event.target.value);
            onChange(without(filters, 'to', start === undefined ? undefined : start + daySeconds - 1));
          }}
        />
      </label>
      <div className="flex items-end">
        <button
          type="button"
          className="rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
          onClick={() => onChange({})}
        >
          {t('auditLog.filters.reset')}
        </button>
      </div>
    </form>
  );
}
