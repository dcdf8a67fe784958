// A conversation's discussion, from the API: its messages with whom a message may mention, and posting one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  discussionMessageSchema,
  discussionSchema,
  Discussion,
  NewDiscussionMessage,
} from '../../../contract/discussion';
import { useServices } from '../services-context';

export const discussionKey = (conversationId: string) =>
  ['conversations', conversationId, 'discussion'] as const;

export function useDiscussion(conversationId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: discussionKey(conversationId),
    queryFn: ({ signal }) =>
      api.request<typeof discussionSchema>(`/conversations/${conversationId}/discussion`, { signal }),
  });
}

export function usePostDiscussionMessage(conversationId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: NewDiscussionMessage) =>
      api.request<typeof discussionMessageSchema>(`/conversations/${conversationId}/discussion/message`, {
        method: 'POST',
        body: message,
      }),
    onSuccess: (message) => {
      queryClient.setQueryData<Discussion>(discussionKey(conversationId), (discussion) =>
        discussion ? { ...discussion, messages: [...discussion.messages, message] } : discussion,
      );
      return queryClient.invalidateQueries({ queryKey: discussionKey(conversationId) });
    },
  });
}
