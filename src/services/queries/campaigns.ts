// Campaigns and their members, from the API, for the campaign screens.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  campaignMemberSchema,
  campaignSchema,
  campaignTopicsSavedSchema,
  campaignTopicsSchema,
  myCampaignRoleSchema,
  userCampaignSchema,
  type AddCampaignMember,
  type CampaignTopics,
  type CreateCampaign,
  type UpdateCampaign,
  type UpdateCampaignMember,
} from '../../../contract/campaigns';
import { pageSchema } from '../../../contract/common';
import { useServices } from '../services-context';

const campaignPageSchema = pageSchema(campaignSchema);
const memberListSchema = z.array(campaignMemberSchema);
const userCampaignListSchema = z.array(userCampaignSchema);

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
      api.request('/campaigns', campaignPageSchema, { query: { q: q || undefined }, signal }),
  });
}

export function useCampaign(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignKeys.one(id),
    queryFn: ({ signal }) => api.request(`/campaigns/${id}`, campaignSchema, { signal }),
  });
}

export function useMyCampaignRole(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignKeys.myRole(id),
    queryFn: ({ signal }) => api.request(`/campaigns/${id}/users/me/role`, myCampaignRoleSchema, { signal }),
  });
}

export function useCampaignMembers(id: string, enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignKeys.members(id),
    queryFn: ({ signal }) => api.request(`/campaigns/${id}/users`, memberListSchema, { signal }),
    enabled,
  });
}

export function useUserCampaigns(userId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignKeys.ofUser(userId),
    queryFn: ({ signal }) => api.request(`/users/${userId}/campaigns`, userCampaignListSchema, { signal }),
  });
}

/** Creates a campaign in the caller's organisation, or in `organisationId` (admins). */
export function useCreateCampaign(organisationId?: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaign: CreateCampaign) =>
      api.request(
        organisationId ? `/organisations/${organisationId}/campaigns` : '/campaigns',
        campaignSchema,
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
      api.request(`/campaigns/${id}`, campaignSchema, { method: 'PATCH', body: changes }),
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
    queryFn: ({ signal }) => api.request(`/campaigns/${id}/topics`, campaignTopicsSchema, { signal }),
  });
}

/** Replaces the campaign's topics; the answer says how many conversations the server analyses again. */
export function useReplaceCampaignTopics(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topics: CampaignTopics) =>
      api.request(`/campaigns/${id}/topics`, campaignTopicsSavedSchema, { method: 'PUT', body: topics }),
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
      return api.request(`/campaigns/${id}/logo`, campaignSchema, { method: 'POST', body });
    },
    onSuccess: (campaign) => queryClient.setQueryData(campaignKeys.one(id), campaign),
  });
}

export function useDuplicateCampaign(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request(`/campaigns/${id}/duplicate`, campaignSchema, { method: 'POST' }),
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
      api.request(`/campaigns/${campaignId}/users`, campaignMemberSchema, { method: 'POST', body: member }),
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
