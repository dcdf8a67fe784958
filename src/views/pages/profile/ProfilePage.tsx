// The profile (issue 3): name, email, role, and the language of the app, saved with PATCH /users/{id}.
import { Field, Input, Label, Select } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { CurrentUser } from '../../../../contract/users';
import { bootActor } from '../../../machines/boot/actor';
import { useSaveProfile } from '../../../services/queries/profile';
import { PageHeader } from '../../components/PageHeader';
import { SaveButton } from '../../components/SaveButton';
import { useNotify } from '../../components/use-notify';
import { roleLabelKey } from '../users/user-columns';

const profileFormSchema = z.object({
  name: z.string().trim().min(1, 'profile.nameRequired').max(120),
  language: z.enum(['browser', 'en', 'fr']),
});
type ProfileForm = z.infer<typeof profileFormSchema>;

const inputClass =
  'rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600 data-disabled:bg-gray-100 data-disabled:text-gray-600';

export default function ProfilePage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSaveProfile(user.id);
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: user.name, language: user.language ?? 'browser' },
  });
  const nameError = form.formState.errors.name?.message;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { name: values.name, language: values.language === 'browser' ? null : values.language },
      {
        onSuccess: (saved) => {
          bootActor.send({
            type: 'user.updated',
            user: { ...user, name: saved.name, language: saved.language },
          });
          form.reset({ name: saved.name, language: saved.language ?? 'browser' });
          notify.success('profile.saved');
        },
        onError: (error) => notify.failure('profile.saveFailed', error),
      },
    ),
  );

  return (
    <>
      <PageHeader title={t('pages.titles.profile')} intro={t('profile.intro')} />
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="grid max-w-xl gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
      >
        <Field className="flex flex-col gap-1">
          <Label className="text-sm font-medium text-gray-700">{t('profile.name')}</Label>
          <Input
            className={inputClass}
            autoComplete="name"
            invalid={Boolean(nameError)}
            aria-describedby={nameError ? 'profile-name-error' : undefined}
            {...form.register('name')}
          />
          {nameError && (
            <p id="profile-name-error" role="alert" className="text-sm text-red-700">
              {t(nameError)}
            </p>
          )}
        </Field>
        <Field disabled className="flex flex-col gap-1">
          <Label className="text-sm font-medium text-gray-700">{t('profile.email')}</Label>
          <Input className={inputClass} value={user.email} readOnly />
        </Field>
        <Field disabled className="flex flex-col gap-1">
          <Label className="text-sm font-medium text-gray-700">{t('profile.role')}</Label>
          <Input className={inputClass} value={t(roleLabelKey(user))} readOnly />
        </Field>
        <Field className="flex flex-col gap-1">
          <Label className="text-sm font-medium text-gray-700">{t('profile.language')}</Label>
          <Select className={inputClass} {...form.register('language')}>
            <option value="browser">{t('profile.languageBrowser')}</option>
            <option value="en">{t('languages.en')}</option>
            <option value="fr">{t('languages.fr')}</option>
          </Select>
        </Field>
        <SaveButton changed={form.formState.isDirty} pending={save.isPending} />
      </form>
    </>
  );
}
