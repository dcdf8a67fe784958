// A new organisation (admins); its users are invited next.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { useCreateOrganisation } from '../../../services/queries/organisations';
import { Button, ButtonLink } from '../../components/Button';
import { TextField } from '../../components/fields';
import { PageHeader } from '../../components/PageHeader';
import { refusalKey } from '../../components/refusal';
import { useNotify } from '../../components/use-notify';

const organisationFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
});

export default function OrganisationCreatePage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const create = useCreateOrganisation();
  const form = useForm({ resolver: zodResolver(organisationFormSchema), defaultValues: { name: '' } });

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (organisation) => {
        notify.success('organisations.created');
        navigate(`/organisations/${organisation.id}/users`);
      },
      onError: (error) => {
        const refusal = refusalKey(error, { 409: 'refusals.organisationNameTaken' });
        if (refusal) form.setError('name', { message: refusal }, { shouldFocus: true });
        else notify.failure('organisations.createFailed', error);
      },
    }),
  );

  return (
    <>
      <PageHeader title={t('pages.titles.organisationCreate')} intro={t('organisations.createIntro')} />
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="grid max-w-xl gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
      >
        <TextField
          label={t('organisations.name')}
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <div className="flex gap-3">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('common.working') : t('organisations.submitCreate')}
          </Button>
          <ButtonLink href="/organisations" variant="secondary">
            {t('common.cancel')}
          </ButtonLink>
        </div>
      </form>
    </>
  );
}
