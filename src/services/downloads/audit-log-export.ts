// The export of an organisation's audit log by the page's filters, as CSV, streamed.
import type { AuditLogFilters } from '../queries/audit-log';
import { downloadStreamed, useStreamedDownload } from './streamed-download';

export const useAuditLogExport = () =>
  useStreamedDownload((api, filters: AuditLogFilters, options) =>
    downloadStreamed(api, '/audit-log/export', { ...filters }, 'audit-log.csv', options),
  );
