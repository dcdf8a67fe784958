// The columns of the usage export: one row per event, with its campaign's name and whether it counts a test call.
import type { ExportColumn } from '../files/export-column';
import type { UsageEventRow } from './export-store';

export const usageExportColumns: ExportColumn<UsageEventRow>[] = [
  { header: 'created_at', width: 22, date: true, cell: (row) => row.createdAt },
  { header: 'kind', width: 14, cell: (row) => row.kind },
  { header: 'quantity', width: 11, cell: (row) => row.quantity },
  { header: 'unit', width: 12, cell: (row) => row.unit },
  { header: 'tokens_in', width: 11, cell: (row) => row.tokensIn },
  { header: 'tokens_out', width: 11, cell: (row) => row.tokensOut },
  { header: 'feature', width: 16, cell: (row) => row.feature },
  { header: 'engine', width: 14, cell: (row) => row.engine },
  { header: 'model', width: 20, cell: (row) => row.model },
  { header: 'test', width: 6, cell: (row) => (row.test ? 'yes' : 'no') },
  { header: 'campaign_id', width: 38, cell: (row) => row.campaignId },
  { header: 'campaign', width: 24, cell: (row) => row.campaignName },
  { header: 'conversation_id', width: 38, cell: (row) => row.conversationId },
  { header: 'id', width: 38, cell: (row) => row.id },
];
