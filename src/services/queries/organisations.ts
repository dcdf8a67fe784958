// Organisations, their users and their invitations, from the API.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserRole } from '../../../contract/enums';
import type { organisationSummarySchema, CreateOrganisation } from '../../../contract/organisations';
import type { campaignSchema } from '../../../contract/campaigns';
import type {
  invitationResultSchema,
  organisationSchema,
  userSchema,
  InviteUser,
} from '../../../contract/users';
import type { PageSchema } from '../api-client';
import { useServices } from '../services-context';

type OrganisationPageSchema = PageSchema<typeof organisationSummarySchema>;
type UserPageSchema = PageSchema<typeof userSchema>;
type CampaignPageSchema = PageSchema<typeof campaignSchema>;

export const organisationKeys = {
  all: ['organisations'] as const,
  list: (q: string) => ['organisations', 'list', q] as const,
  one: (id: string) => ['organisations', id] as const,
  users: (id: string, role: UserRole | undefined, q: string) =>
    ['organisations', id, 'users', role, q] as const,
  campaigns: (id: string) => ['organisations', id, 'campaigns'] as const,
  mine: ['organisations', 'mine'] as const,
};

export function useOrganisations(q: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: organisationKeys.list(q),
    queryFn: ({ signal }) =>
      api.request<OrganisationPageSchema>('/organisations', { query: { q: q || undefined }, signal }),
  });
}

export function useOrganisation(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: organisationKeys.one(id),
    queryFn: ({ signal }) => api.request<typeof organisationSchema>(`/organisations/${id}`, { signal }),
  });
}

export function useMyOrganisation() {
  const { api } = useServices();
  return useQuery({
    queryKey: organisationKeys.mine,
    queryFn: ({ signal }) => api.request<typeof organisationSchema>('/users/me/organisation', { signal }),
  });
}

export function useOrganisationUsers(id: string | undefined, role: UserRole | undefined, q: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: organisationKeys.users(id ?? '', role, q),
    queryFn: ({ signal }) =>
      api.request<UserPageSchema>(`/organisations/${id}/users`, {
        query: { role, q: q || undefined },
        signal,
      }),
    enabled: Boolean(id),
  });
}

export function useOrganisationCampaigns(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: organisationKeys.campaigns(id),
    queryFn: ({ signal }) => api.request<CampaignPageSchema>(`/organisations/${id}/campaigns`, { signal }),
  });
}

export function useCreateOrganisation() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organisation: CreateOrganisation) =>
      api.request<typeof organisationSummarySchema>('/organisations', { method: 'POST', body: organisation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }),
  });
}

export function useInviteToOrganisation(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sendEmail, ...invitee }: InviteUser & { sendEmail: boolean }) =>
      api.request<typeof invitationResultSchema>(`/organisations/${id}/users/invite`, {
        method: 'POST',
        body: invitee,
        query: { send_invite_email: sendEmail },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.one(id) }),
  });
}
