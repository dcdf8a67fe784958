// Organisations, their users and their invitations, from the API.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageSchema } from '../../../contract/common';
import type { UserRole } from '../../../contract/enums';
import { organisationSummarySchema, type CreateOrganisation } from '../../../contract/organisations';
import { campaignSchema } from '../../../contract/campaigns';
import {
  invitationResultSchema,
  organisationSchema,
  userSchema,
  type InviteUser,
} from '../../../contract/users';
import { useServices } from '../services-context';

const organisationPageSchema = pageSchema(organisationSummarySchema);
const userPageSchema = pageSchema(userSchema);
const campaignPageSchema = pageSchema(campaignSchema);

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
      api.request('/organisations', organisationPageSchema, { query: { q: q || undefined }, signal }),
  });
}

export function useOrganisation(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: organisationKeys.one(id),
    queryFn: ({ signal }) => api.request(`/organisations/${id}`, organisationSchema, { signal }),
  });
}

export function useMyOrganisation() {
  const { api } = useServices();
  return useQuery({
    queryKey: organisationKeys.mine,
    queryFn: ({ signal }) => api.request('/users/me/organisation', organisationSchema, { signal }),
  });
}

export function useOrganisationUsers(id: string | undefined, role: UserRole | undefined, q: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: organisationKeys.users(id ?? '', role, q),
    queryFn: ({ signal }) =>
      api.request(`/organisations/${id}/users`, userPageSchema, {
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
    queryFn: ({ signal }) => api.request(`/organisations/${id}/campaigns`, campaignPageSchema, { signal }),
  });
}

export function useCreateOrganisation() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organisation: CreateOrganisation) =>
      api.request('/organisations', organisationSummarySchema, { method: 'POST', body: organisation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }),
  });
}

export function useInviteToOrganisation(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sendEmail, ...invitee }: InviteUser & { sendEmail: boolean }) =>
      api.request(`/organisations/${id}/users/invite`, invitationResultSchema, {
        method: 'POST',
        body: invitee,
        query: { send_invite_email: sendEmail },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.one(id) }),
  });
}
