// The export of a campaign's conversation list (CSV or XLSX, filtered and sorted as on screen, with each grid item's
// answer or not), streamed.
import type { ConversationFilters } from '../../../contract/conversations';
import type { exportDetails, exportFormats } from '../../../contract/values/conversations';
import type { ApiClient } from '../api-client';
import { filtersParam } from '../filters/conversation-filters';
import type { ConversationSort } from '../queries/conversation-list';
import { downloadStreamed, useStreamedDownload, type DownloadOptions } from './streamed-download';

export type ExportFormat = (typeof exportFormats)[number];
export type ExportDetail = (typeof exportDetails)[number];

/** What the export menu offers: a format, and for the conversations, whether each item's answer comes too. */
export interface ExportChoice {
  format: ExportFormat;
  detail: ExportDetail;
}

export interface ExportRequest extends ExportChoice {
  sort: ConversationSort;
  filters: ConversationFilters;
}

/** Downloads the export, telling `onProgress` the bytes received so far, and saves it under the server's name. */
export const downloadConversationExport = (
  api: ApiClient,
  campaignId: string,
  { format, detail, sort, filters }: ExportRequest,
  options: DownloadOptions,
): Promise<void> =>
  downloadStreamed(
    api,
    `/campaigns/${campaignId}/conversations/export`,
    { format, detail, sort, filters: filtersParam(filters) },
    `conversations.${format}`,
    options,
  );

/** The export as the page drives it: start, the bytes received while it runs, stop. */
export const useConversationExport = (campaignId: string) =>
  useStreamedDownload((api, request: ExportRequest, options) =>
    downloadConversationExport(api, campaignId, request, options),
  );
