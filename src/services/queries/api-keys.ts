// An organisation's API keys: the list, creating one (its secret answered once) and revoking one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  apiKeyListSchema,
  apiKeySchema,
  CreateApiKey,
  createdApiKeySchema,
} from '../../../contract/api-keys';
import { useServices } from '../services-context';

const keysPath = (organisationId: string) => `/organisations/${organisationId}/api-keys`;

export function useApiKeys(organisationId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['organisations', organisationId, 'api-keys'],
    queryFn: ({ signal }) => api.request<typeof apiKeyListSchema>(keysPath(organisationId), { signal }),
  });
}

export function useCreateApiKey(organisationId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: CreateApiKey) =>
      api.request<typeof createdApiKeySchema>(keysPath(organisationId), { method: 'POST', body: key }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: ['organisations', organisationId, 'api-keys'] }),
  });
}

export function useRevokeApiKey(organisationId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      api.request<typeof apiKeySchema>(`${keysPath(organisationId)}/${keyId}`, { method: 'DELETE' }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: ['organisations', organisationId, 'api-keys'] }),
  });
}
