// An upload page's batch: files added (by drop or picker) join a queue that is sent one batch after another;
// the page reads the items and their totals. The conversation lists are refreshed when a batch ends.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useReducer, useRef } from 'react';
import type { Agent } from '../conversation-files/drafts';
import { useServices } from '../services-context';
import { runUpload } from './run-upload';
import {
  batchTotals,
  isFinished,
  newUploadItem,
  uploadItemsReducer,
  type UploadChange,
  type UploadKind,
} from './upload-items';

export function useUploadBatch(kind: UploadKind, campaignId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [items, dispatch] = useReducer(uploadItemsReducer, []);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextId = useRef(0);

  const add = useCallback(
    (
      files: readonly File[],
      { agents, batchAgent }: { agents: readonly Agent[]; batchAgent: Agent | null },
    ) => {
      if (files.length === 0) return;
      const batch = files.map((file) => ({ id: `upload-${(nextId.current += 1)}`, file }));
      dispatch({ type: 'added', items: batch.map(({ id, file }) => newUploadItem(id, file)) });
      const update = (id: string, change: UploadChange) => dispatch({ type: 'changed', id, change });
      queue.current = queue.current
        .then(() => runUpload(kind, batch, { api, campaignId, agents, batchAgent, update }))
        .finally(() => void queryClient.invalidateQueries({ queryKey: ['conversations'] }));
    },
    [api, campaignId, kind, queryClient],
  );

  const clearFinished = useCallback(() => dispatch({ type: 'cleared' }), []);
  const totals = useMemo(() => batchTotals(items), [items]);
  const busy = items.some((item) => !isFinished(item));
  return { items, totals, busy, add, clearFinished };
}
