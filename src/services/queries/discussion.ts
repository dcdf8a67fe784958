// A conversation's discussion, from the API: its messages with whom a message may mention, and posting one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  discussionMessageSchema,
  discussionSchema,
  type Discussion,
  type NewDiscussionMessage,
} from '../../../contract/discussion';
import { useServices } from '../services-context';

export const discussionKey = (conversationId: string) =>
  ['conversations', conversationId, 'discussion'] as const;

export function useDiscussion(conversationId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: discussionKey(conversationId),
    queryFn: ({ signal }) =>
      api.request(`/conversations/${conversationId}/discussion`, discussionSchema, { signal }),
  });
}

export function usePostDiscussionMessage(conversationId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: NewDiscussionMessage) =>
      api.request(`/conversations/${conversationId}/discussion/message`, discussionMessageSchema, {
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
