// The columns of a conversation list export: fixed ones, then one per metadata key of the campaign.
import type { ExportColumn as Column } from '../../files/export-column';
import type { ListedConversationRow } from '../list-store';

/** A column of a conversation export. */
export type ExportColumn = Column<ListedConversationRow>;

const fixedColumns: ExportColumn[] = [
  { header: 'id', width: 38, cell: (row) => row.id },
  { header: 'type', width: 8, cell: (row) => row.type },
  { header: 'agent_id', width: 38, cell: (row) => row.agentId },
  { header: 'agent', width: 24, cell: (row) => row.agentName },
  { header: 'started_at', width: 22, date: true, cell: (row) => row.startedAt },
  { header: 'duration_s', width: 11, cell: (row) => row.durationSeconds },
  { header: 'language', width: 9, cell: (row) => row.language },
  { header: 'sentiment', width: 11, cell: (row) => row.sentiment },
  { header: 'topics', width: 30, cell: (row) => row.topics.join('; ') },
  { header: 'status', width: 11, cell: (row) => row.status },
  { header: 'main_score', width: 11, cell: (row) => row.evaluation?.mainScore ?? null },
  { header: 'validated', width: 10, cell: (row) => (row.evaluation?.validated ? 'yes' : 'no') },
  { header: 'external_id', width: 20, cell: (row) => row.externalId },
];

/**
 * Every export has the fixed columns, then `metadata.<key>` for each metadata key of the campaign (the prefix
 * keeps a key named like a fixed column apart from it), empty where a conversation lacks the key.
 */
export function exportColumns(metadataKeys: readonly string[]): ExportColumn[] {
  return [
    ...fixedColumns,
    ...metadataKeys.map((key): ExportColumn => ({
      header: `metadata.${key}`,
      width: 16,
      cell: (row) => row.metadata[key] ?? null,
    })),
  ];
}
