// One conversation and what is done on it (edits, deletion, transcript, transcription, translation, audio,
// export), from the API, for the conversation pages.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  audioUrlSchema,
  conversationSchema,
  translationSchema,
  TranscriptUpdate,
  UpdateConversation,
} from '../../../contract/conversations';
import type { Language } from '../../../contract/enums';
import type { ApiClient } from '../api-client';
import { attachmentFileName, saveFile } from '../downloads/save-file';
import { useServices } from '../services-context';

export const conversationKeys = {
  all: ['conversations'] as const,
  one: (id: string) => ['conversations', id] as const,
  audioUrl: (id: string) => ['conversations', id, 'audio-url'] as const,
  translation: (id: string, target: Language, transcriptVersion: number) =>
    ['conversations', id, 'translation', target, transcriptVersion] as const,
};

/** Asks for a new audio URL this long before the current one expires, so a seek never meets an expired one. */
const audioUrlMarginMs = 60_000;

/** The conversation's query, for the page and for flows that read it again into the cache. */
export const conversationQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: conversationKeys.one(id),
    queryFn: ({ signal }) => api.request<typeof conversationSchema>(`/conversations/${id}`, { signal }),
  });

export function useConversation(id: string) {
  const { api } = useServices();
  return useQuery(conversationQuery(api, id));
}

/** The signed, expiring URL of a call's audio; fresh until shortly before it expires. */
export function useAudioUrl(id: string, enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: conversationKeys.audioUrl(id),
    queryFn: ({ signal }) =>
      api.request<typeof audioUrlSchema>(`/calls/${id}/audio/download-url`, { signal }),
    enabled,
    staleTime: (query) =>
      query.state.data ? Math.max(0, query.state.data.expires_at * 1000 - Date.now() - audioUrlMarginMs) : 0,
  });
}

/** The conversation's turns in `target`, asked only when wanted; a transcript edit asks again. */
export function useConversationTranslation(
  id: string,
  target: Language,
  transcriptVersion: number,
  enabled: boolean,
) {
  const { api } = useServices();
  return useQuery({
    queryKey: conversationKeys.translation(id, target, transcriptVersion),
    queryFn: ({ signal }) =>
      api.request<typeof translationSchema>(`/conversations/${id}/translation`, {
        query: { target_language: target },
        signal,
      }),
    enabled,
    staleTime: Infinity,
  });
}

export function useUpdateConversation(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateConversation) =>
      api.request<typeof conversationSchema>(`/conversations/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: (conversation) => queryClient.setQueryData(conversationKeys.one(id), conversation),
  });
}

export function useDeleteConversation(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.send(`/conversations/${id}`, { method: 'DELETE' }),
    // The lists it was in fetch again when they show next.
    onSuccess: () => queryClient.removeQueries({ queryKey: conversationKeys.one(id) }),
  });
}

/** Queues the call's transcription again (after a failure); the page follows it live. */
export function useLaunchTranscription(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.send(`/calls/${id}/transcription/launch`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.one(id), exact: true }),
  });
}

/**
 * Saves the segments against the version they were read at; a stale version is refused with 409 and nothing
 * changes, so the caller can show what changed meanwhile.
 */
export function useSaveTranscript(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: TranscriptUpdate) =>
      api.send(`/calls/${id}/transcript`, { method: 'PUT', body: update }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.one(id), exact: true }),
  });
}

/** Saves the conversation as one file (transcript, metadata, discussion) under the name the server gives it. */
export function useExportConversation(id: string) {
  const { api } = useServices();
  return useMutation({
    mutationFn: async () => {
      const response = await api.stream(`/conversations/export/${id}`);
      const fileName = attachmentFileName(response.headers.get('content-disposition'));
      saveFile(await response.blob(), fileName ?? `conversation-${id}.json`);
    },
  });
}
