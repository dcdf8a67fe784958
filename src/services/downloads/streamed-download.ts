// A file the API streams (an export): read as a stream so that the page can show how much has arrived and the
// user can stop it, then saved under the name the server gives.
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ApiClient, RequestOptions } from '../api-client';
import { useServices } from '../services-context';
import { attachmentFileName, saveFile } from './save-file';

export interface DownloadOptions {
  signal: AbortSignal;
  onProgress: (bytes: number) => void;
}

/** Downloads `path`, telling `onProgress` the bytes received so far, and saves it under the server's name. */
export async function downloadStreamed(
  api: ApiClient,
  path: string,
  query: RequestOptions['query'],
  fallbackName: string,
  { signal, onProgress }: DownloadOptions,
): Promise<void> {
  const response = await api.stream(path, { query, signal });
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
  saveFile(file, attachmentFileName(response.headers.get('content-disposition')) ?? fallbackName);
}

/** A download as a page drives it: start, the bytes received while it runs, stop, and its failure. */
export interface StreamedDownload<Request> {
  start: (request: Request) => void;
  stop: () => void;
  running: boolean;
  receivedBytes: number;
  /** The failure of the last download, unless the user stopped it. */
  error: Error | null;
}

export function useStreamedDownload<Request>(
  download: (api: ApiClient, request: Request, options: DownloadOptions) => Promise<void>,
): StreamedDownload<Request> {
  const { api } = useServices();
  const [receivedBytes, setReceivedBytes] = useState(0);
  const running = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: async (request: Request) => {
      const controller = new AbortController();
      running.current = controller;
      setReceivedBytes(0);
      try {
        await download(api, request, { signal: controller.signal, onProgress: setReceivedBytes });
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
    error:
      mutation.error instanceof DOMException && mutation.error.name === 'AbortError' ? null : mutation.error,
  };
}
