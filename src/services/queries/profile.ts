// Saving the user's own profile; the boot actor switches to the chosen language when told of the change.
import { useMutation } from '@tanstack/react-query';
import type { Language } from '../../../contract/enums';
import type { userSchema } from '../../../contract/users';
import { useServices } from '../services-context';

export interface ProfileChanges {
  name: string;
  language: Language | null;
}

export function useSaveProfile(userId: string) {
  const { api } = useServices();
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      api.request<typeof userSchema>(`/users/${userId}`, { method: 'PATCH', body: changes }),
  });
}
