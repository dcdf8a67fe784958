// The export of a campaign's conversation list (CSV or XLSX, filtered and sorted as on screen): read as a stream
// so that the page can show how much has arrived and the user can stop it, then saved as a file.
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ConversationFilters, exportFormats } from '../../../contract/conversations';
import type { ApiClient } from '../api-client';
import { filtersParam } from '../filters/conversation-filters';
import type { ConversationSort } from '../queries/conversation-list';
import { useServices } from '../services-context';
import { attachmentFileName, saveFile } from './save-file';

export type ExportFormat = (typeof exportFormats)[number];

export interface ExportRequest {
  format: ExportFormat;
  sort: ConversationSort;
  filters: ConversationFilters;
}

/** Downloads the export, telling `onProgress` the bytes received so far, and saves it under the server's name. */
export async function downloadConversationExport(
  api: ApiClient,
  campaignId: string,
  { format, sort, filters }: ExportRequest,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (bytes: number) => void },
): Promise<void> {
  const response = await api.stream(`/campaigns/${campaignId}/conversations/export`, {
    query: { format, sort, filters: filtersParam(filters) },
    signal,
  });
  let received = 0;
  const counted = response.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        onProgress(received);
        controller.enqueue(chunk);
      },
    }),
  );
  // The browser assembles the blob from the stream; the page never holds the file as one buffer.
  const file = await new Response(counted ?? null, {
    headers: { 'content-type': response.headers.get('content-type') ?? 'application/octet-stream' },
  }).blob();
  saveFile(
    file,
    attachmentFileName(response.headers.get('content-disposition')) ?? `conversations.${format}`,
  );
}

/** The export as the page drives it: start, the bytes received while it runs, stop. */
export function useConversationExport(campaignId: string) {
  const { api } = useServices();
  const [receivedBytes, setReceivedBytes] = useState(0);
  const running = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: async (request: ExportRequest) => {
      const controller = new AbortController();
      running.current = controller;
      setReceivedBytes(0);
      try {
        await downloadConversationExport(api, campaignId, request, {
          signal: controller.signal,
          onProgress: setReceivedBytes,
        });
      } finally {
        running.current = null;
      }
    },
  });
  return {
    start: mutation.mutate,
    stop: () => running.current?.abort(),
    running: mutation.isPending,
    receivedBytes,
    /** The failure of the last export, unless the user stopped it. */
    error:
      mutation.error instanceof DOMException && mutation.error.name === 'AbortError' ? null : mutation.error,
  };
}
