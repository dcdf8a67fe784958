// Campaigns and their members, from the API, for the campaign screens.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  campaignMemberSchema,
  campaignSchema,
  campaignTopicsSavedSchema,
  campaignTopicsSchema,
  myCampaignRoleSchema,
  userCampaignSchema,
  AddCampaignMember,
  CampaignTopics,
  CreateCampaign,
  UpdateCampaign,
  UpdateCampaignMember,
} from '../../../contract/campaigns';
import type { PageSchema } from '../api-client';
import { useServices } from '../services-context';

type CampaignPageSchema = PageSchema<typeof campaignSchema>;
type MemberListSchema = z.ZodArray<typeof campaignMemberSchema>;
type UserCampaignListSchema = z.ZodArray<typeof userCampaignSchema>;

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (q: string) => ['campaigns', 'list', q] as const,
  one: (id: string) => ['campaigns', id] as const,
  myRole: (id: string) => ['campaigns', id, 'my-role'] as const,
  members: (id: string) => ['campaigns', id, 'members'] as const,
  topics: (id: string) => ['campaigns', id, 'topics'] as const,
  ofUser: (userId: string) => ['users', userId, 'campaigns'] as const,
};

export function useCampaigns(q: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignKeys.list(q),
    queryFn: ({ signal }) =>
      api.request<CampaignPageSchema>('/campaigns', { query: { q: q || undefined }, signal }),
  });
}

export function useCampaign(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignKeys.one(id),
    queryFn: ({ signal }) => api.request<typeof campaignSchema>(`/campaigns/${id}`, { signal }),
  });
}

export function useMyCampaignRole(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignKeys.myRole(id),
    queryFn: ({ signal }) =>
      api.request<typeof myCampaignRoleSchema>(`/campaigns/${id}/users/me/role`, { signal }),
  });
}

export function useCampaignMembers(id: string, enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignKeys.members(id),
    queryFn: ({ signal }) => api.request<MemberListSchema>(`/campaigns/${id}/users`, { signal }),
    enabled,
  });
}

export function useUserCampaigns(userId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignKeys.ofUser(userId),
    queryFn: ({ signal }) => api.request<UserCampaignListSchema>(`/users/${userId}/campaigns`, { signal }),
  });
}

/** Creates a campaign in the caller's organisation, or in `organisationId` (admins). */
export function useCreateCampaign(organisationId?: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaign: CreateCampaign) =>
      api.request<typeof campaignSchema>(
        organisationId ? `/organisations/${organisationId}/campaigns` : '/campaigns',
        {
          method: 'POST',
          body: campaign,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });
}

export function useUpdateCampaign(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateCampaign) =>
      api.request<typeof campaignSchema>(`/campaigns/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.one(id), campaign);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

export function useCampaignTopics(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignKeys.topics(id),
    queryFn: ({ signal }) => api.request<typeof campaignTopicsSchema>(`/campaigns/${id}/topics`, { signal }),
  });
}

/** Replaces the campaign's topics; the answer says how many conversations the server analyses again. */
export function useReplaceCampaignTopics(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topics: CampaignTopics) =>
      api.request<typeof campaignTopicsSavedSchema>(`/campaigns/${id}/topics`, {
        method: 'PUT',
        body: topics,
      }),
    onSuccess: ({ topics }) => queryClient.setQueryData(campaignKeys.topics(id), { topics }),
  });
}

export function useUploadLogo(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logo: File) => {
      const body = new FormData();
      body.append('logo', logo);
      return api.request<typeof campaignSchema>(`/campaigns/${id}/logo`, { method: 'POST', body });
    },
    onSuccess: (campaign) => queryClient.setQueryData(campaignKeys.one(id), campaign),
  });
}

export function useDuplicateCampaign(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request<typeof campaignSchema>(`/campaigns/${id}/duplicate`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export function useDeleteCampaign(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.send(`/campaigns/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: campaignKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

/** Invalidates what a membership change touches: the member list, the campaign's count, the user's campaigns. */
function useMembershipInvalidation(campaignId: string) {
  const queryClient = useQueryClient();
  return (userId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: campaignKeys.one(campaignId) }),
      queryClient.invalidateQueries({ queryKey: campaignKeys.ofUser(userId) }),
    ]);
}

export function useAddCampaignMember(campaignId: string) {
  const { api } = useServices();
  const invalidate = useMembershipInvalidation(campaignId);
  return useMutation({
    mutationFn: (member: AddCampaignMember) =>
      api.request<typeof campaignMemberSchema>(`/campaigns/${campaignId}/users`, {
        method: 'POST',
        body: member,
      }),
    onSuccess: (member) => invalidate(member.user_id),
  });
}

export function useUpdateCampaignMember(campaignId: string) {
  const { api } = useServices();
  const invalidate = useMembershipInvalidation(campaignId);
  return useMutation({
    mutationFn: ({ userId, ...membership }: UpdateCampaignMember & { userId: string }) =>
      api.send(`/campaigns/${campaignId}/users/${userId}/role`, { method: 'PUT', body: membership }),
    onSuccess: (_, { userId }) => invalidate(userId),
  });
}

export function useRemoveCampaignMember(campaignId: string) {
  const { api } = useServices();
  const invalidate = useMembershipInvalidation(campaignId);
  return useMutation({
    mutationFn: (userId: string) =>
      api.send(`/campaigns/${campaignId}/users/${userId}`, { method: 'DELETE' }),
    onSuccess: (_, userId) => invalidate(userId),
  });
}
