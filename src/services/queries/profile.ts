// Saving the user's own profile, then speaking the chosen language.
import { useMutation } from '@tanstack/react-query';
import type { Language } from '../../../contract/enums';
import { userSchema } from '../../../contract/users';
import { browserLanguage, changeLanguage } from '../../i18n';
import { useServices } from '../services-context';

export interface ProfileChanges {
  name: string;
  language: Language | null;
}

export function useSaveProfile(userId: string) {
  const { api } = useServices();
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      api.request(`/users/${userId}`, userSchema, { method: 'PATCH', body: changes }),
    onSuccess: (user) => changeLanguage(user.language ?? browserLanguage),
  });
}
