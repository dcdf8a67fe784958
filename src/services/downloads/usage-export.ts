// The export of an organisation's usage events of a period (CSV or XLSX), streamed.
import type { UsageScope } from '../queries/usage';
import type { ExportFormat } from './conversation-export';
import { downloadStreamed, useStreamedDownload } from './streamed-download';

export const useUsageExport = (organisationId: string) =>
  useStreamedDownload((api, request: UsageScope & { format: ExportFormat }, options) =>
    downloadStreamed(
      api,
      `/organisations/${organisationId}/usage/export`,
      { ...request },
      `usage.${request.format}`,
      options,
    ),
  );
