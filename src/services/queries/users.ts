// Users, for admins and supervisors managing access, and "log in as this user".
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { userSchema, UpdateUser } from '../../../contract/users';
import { exchangeToken } from '../login-service';
import { tokenStore } from '../token-store';
import type { PageSchema } from '../api-client';
import { useServices } from '../services-context';

type UserPageSchema = PageSchema<typeof userSchema>;

export const userKeys = {
  list: (q: string) => ['users', 'list', q] as const,
  one: (id: string) => ['users', id] as const,
};

export function useUsers(q: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: userKeys.list(q),
    queryFn: ({ signal }) => api.request<UserPageSchema>('/users', { query: { q: q || undefined }, signal }),
  });
}

export function useUser(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: userKeys.one(id),
    queryFn: ({ signal }) => api.request<typeof userSchema>(`/users/${id}`, { signal }),
  });
}

/** An admin's changes to a user: status (disable, enable), role or policy. */
export function useUpdateUser(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateUser) =>
      api.request<typeof userSchema>(`/users/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.one(id), user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['organisations'] }),
      ]);
    },
  });
}

/** "Log in as this user": this tab keeps the user's token and starts again as them. */
export function useLogInAs() {
  return useMutation({
    mutationFn: (userId: string) => exchangeToken(userId),
    onSuccess: ({ access_token: token }) => {
      tokenStore.write(token);
      window.location.assign('/');
    },
  });
}
