// A campaign's alerts (/campaigns/{id}/alerts): each with what it watches, who it notifies and its switch; a
// button to create one for those who may, and an empty state that offers it.
import { PlusIcon } from '@heroicons/react/20/solid';
import { BellAlertIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/users';
import { useAlerts, useUpdateAlert } from '../../../services/queries/alerts';
import { ButtonLink } from '../../components/Button';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { QueryError } from '../../components/QueryError';
import { useNotify } from '../../components/use-notify';
import { AlertCard } from './AlertCard';
import { useAlertCampaign } from './use-alert-campaign';

export default function AlertsPage({ campaignId, user }: { campaignId: string; user: CurrentUser }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const context = useAlertCampaign(campaignId, user);
  const alerts = useAlerts(campaignId);
  const update = useUpdateAlert();
  if (context.error) return <PageLoadError error={context.error} onRetry={() => void context.retry()} />;
  const { campaign, grid, members } = context;
  if (context.pending || !campaign || !grid || !members) return <Loading />;

  const createHref = `/campaigns/${campaignId}/alerts/create`;
  const createLink = context.mayEdit && (
    <ButtonLink href={createHref}>
      <PlusIcon className="size-4" aria-hidden="true" />
      {t('pages.titles.alertCreate')}
    </ButtonLink>
  );
  const toggle = (id: string, enabled: boolean) =>
    update.mutate(
      { id, enabled },
      {
        onSuccess: () => notify.success(enabled ? 'alerts.turnedOn' : 'alerts.turnedOff'),
        onError: (error) => notify.failure('alerts.saveFailed', error),
      },
    );

  return (
    <>
      <PageHeader
        title={t('pages.titles.alerts')}
        intro={t('alerts.intro', { campaign: campaign.name })}
        tabTitle={`${t('pages.titles.alerts')} · ${campaign.name}`}
      >
        {alerts.data && alerts.data.length > 0 && createLink}
      </PageHeader>
      {alerts.isPending ? (
        <Loading />
      ) : alerts.isError ? (
        <QueryError error={alerts.error} onRetry={() => void alerts.refetch()} />
      ) : alerts.data.length === 0 ? (
        <Notice
          icon={BellAlertIcon}
          title={t('alerts.emptyTitle')}
          body={t(context.mayEdit ? 'alerts.emptyBody' : 'alerts.emptyBodyReader')}
        >
          {createLink}
        </Notice>
      ) : (
        <ul aria-label={t('pages.titles.alerts')} className="grid gap-3">
          {alerts.data.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              grid={grid}
              members={members}
              onToggle={context.mayEdit ? (enabled) => toggle(alert.id, enabled) : undefined}
              toggling={update.isPending && update.variables.id === alert.id}
            />
          ))}
        </ul>
      )}
    </>
  );
}
