// The audit log (issue 23): who did what in the user's organisation, by filters, newest first, with whether the
// chain of hashes holds and the CSV export of what the filters keep. Admins and supervisors with
// can_view_audit_log.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/users';
import { useAuditLogExport } from '../../../services/downloads/audit-log-export';
import {
  useAuditLog,
  useAuditLogVerification,
  type AuditLogFilters,
} from '../../../services/queries/audit-log';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { NotFoundPage } from '../fixed/NotFoundPage';
import { AuditLogEntryRow } from './AuditLogEntryRow';
import { AuditLogFilterBar } from './AuditLogFilterBar';

function ChainStatus() {
  const { t } = useTranslation();
  const verification = useAuditLogVerification();
  if (!verification.data) return null;
  const { valid, checked, broken_at: broken } = verification.data;
  return (
    <p
      role="status"
      className={`rounded-xl p-3 text-sm ${valid ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
    >
      {valid
        ? t('auditLog.chain.valid', { count: checked })
        : t('auditLog.chain.broken', {
            sequence: broken?.sequence,
            reason: t(`auditLog.chain.reasons.${broken?.reason}`),
          })}
    </p>
  );
}

function AuditLogEntries({ filters }: { filters: AuditLogFilters }) {
  const { t } = useTranslation();
  const log = useAuditLog(filters);
  if (log.isPending) return <Loading />;
  if (log.isError) return <QueryError error={log.error} onRetry={() => void log.refetch()} />;
  const entries = log.data.pages.flatMap((page) => page.items);
  if (entries.length === 0)
    return <p className="rounded-xl bg-white p-4 text-sm text-gray-600">{t('auditLog.empty')}</p>;
  return (
    <>
      <ul className="grid gap-3" aria-label={t('auditLog.entries')}>
        {entries.map((entry) => (
          <AuditLogEntryRow key={entry.id} entry={entry} />
        ))}
      </ul>
      {log.hasNextPage && (
        <button
          type="button"
          className="justify-self-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? t('auditLog.loadingMore') : t('auditLog.loadMore')}
        </button>
      )}
    </>
  );
}

export default function AuditLogPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditLogFilters>({});
  const exporter = useAuditLogExport();
  if (!user.organisation_id) return <NotFoundPage />;
  return (
    <>
      <PageHeader title={t('pages.titles.auditLog')} intro={t('auditLog.intro')} />
      <div className="grid grid-cols-1 gap-4">
        <ChainStatus />
        <AuditLogFilterBar filters={filters} onChange={setFilters} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-gray-600">{t('auditLog.utcNote')}</p>
          <button
            type="button"
            className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
            disabled={exporter.running}
            onClick={() => exporter.start(filters)}
          >
            {exporter.running ? t('auditLog.exporting') : t('auditLog.export')}
          </button>
        </div>
        {exporter.error && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
            {t('auditLog.exportFailed')}
          </p>
        )}
        <AuditLogEntries filters={filters} />
      </div>
    </>
  );
}
