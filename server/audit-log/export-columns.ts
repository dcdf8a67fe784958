// The columns of the audit log export: one row per entry, with its place in the chain and its hash.
import type { ExportColumn } from '../files/export-column';
import { canonicalJson } from './chain';
import type { AuditRow } from './store';

export const auditExportColumns: ExportColumn<AuditRow>[] = [
  { header: 'at', width: 24, date: true, cell: (row) => row.at },
  { header: 'sequence', width: 10, cell: (row) => row.sequence },
  { header: 'actor_type', width: 10, cell: (row) => row.actorType },
  { header: 'actor_id', width: 38, cell: (row) => row.actorId },
  { header: 'actor_name', width: 24, cell: (row) => row.actorName },
  { header: 'action', width: 28, cell: (row) => row.action },
  { header: 'target_type', width: 16, cell: (row) => row.targetType },
  { header: 'target_id', width: 38, cell: (row) => row.targetId },
  { header: 'ip', width: 16, cell: (row) => row.ip },
  { header: 'user_agent', width: 30, cell: (row) => row.userAgent },
  { header: 'details', width: 40, cell: (row) => canonicalJson(row.details) },
  { header: 'id', width: 38, cell: (row) => row.id },
  { header: 'hash', width: 66, cell: (row) => row.hash },
];
