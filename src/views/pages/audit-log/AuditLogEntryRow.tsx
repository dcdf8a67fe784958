// One audit entry: when, who, what, on what, from where, and its details.
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contract/audit-log';

export function AuditLogEntryRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const at = new Date(entry.at * 1000).toLocaleString(i18n.language, {
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  const details = Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : null;
  return (
    <li className="grid gap-1 rounded-xl bg-white p-4 text-sm shadow-sm" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-gray-900">{t(`auditLog.actions.${entry.action}`)}</span>
        <time className="text-gray-500" dateTime={new Date(entry.at * 1000).toISOString()}>
          {at}
        </time>
      </div>
      <p className="text-gray-700">
        {t(`auditLog.actorTypes.${entry.actor.type}`)} · {entry.actor.name ?? entry.actor.id ?? '—'}
        {entry.target.type && (
          <>
            {' → '}
            {t(`auditLog.targetTypes.${entry.target.type}`)}{' '}
            <span className="break-all">{entry.target.id}</span>
          </>
        )}
      </p>
      {(entry.ip ?? entry.user_agent) && (
        <p className="break-all text-gray-500">{[entry.ip, entry.user_agent].filter(Boolean).join(' · ')}</p>
      )}
      {details && <code className="break-all rounded bg-gray-50 p-2 text-xs text-gray-700">{details}</code>}
    </li>
  );
}
