// A new campaign: in the supervisor's organisation (/campaigns/create) or, for admins, in an organisation.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useCreateCampaign } from '../../../services/queries/campaigns';
import { Button, ButtonLink } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { useNotify } from '../../components/use-notify';
import { KnownOrganisation } from '../organisations/KnownOrganisation';
import { campaignFormSchema, type CampaignForm } from './campaign-form';
import { CampaignFields } from './CampaignFields';

export default function CampaignCreatePage({ organisationId }: { organisationId?: string }) {
  if (!organisationId) return <CampaignCreateForm />;
  return (
    <KnownOrganisation organisationId={organisationId}>
      {(organisation) => <CampaignCreateForm organisationId={organisation.id} />}
    </KnownOrganisation>
  );
}

function CampaignCreateForm({ organisationId }: { organisationId?: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const create = useCreateCampaign(organisationId);
  const form = useForm<CampaignForm>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues: { name: '', description: '', language: 'en' },
  });
  const back = organisationId ? `/organisations/${organisationId}/campaigns` : '/campaigns';

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (campaign) => {
        notify.success('campaigns.created');
        navigate(`/campaigns/${campaign.id}`);
      },
      onError: (error) => notify.failure('campaigns.createFailed', error),
    }),
  );

  return (
    <>
      <PageHeader title={t('pages.titles.campaignCreate')} intro={t('campaigns.createIntro')} />
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="grid max-w-xl gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
      >
        <CampaignFields form={form} />
        <div className="flex gap-3">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('common.working') : t('campaigns.submitCreate')}
          </Button>
          <ButtonLink href={back} variant="secondary">
            {t('common.cancel')}
          </ButtonLink>
        </div>
      </form>
    </>
  );
}
