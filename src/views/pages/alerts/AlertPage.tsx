// One alert of a campaign (/campaigns/{id}/alerts/{alertId}): change it, turn it on or off, delete it; why the
// server turned it off, when it did. Those who may not change it see it read-only.
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Alert } from '../../../../contract/alerts';
import type { CampaignMember } from '../../../../contract/campaigns';
import type { EvaluationGrid } from '../../../../contract/evaluation-grids';
import type { CurrentUser } from '../../../../contract/users';
import { useAlert, useDeleteAlert, useUpdateAlert } from '../../../services/queries/alerts';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { useNotify } from '../../components/use-notify';
import { NotFoundPage } from '../fixed/NotFoundPage';
import { alertChangesOf, alertFormOf } from './alert-form';
import { watchedName } from './alert-watch';
import { AlertEditor } from './AlertEditor';
import { useAlertCampaign } from './use-alert-campaign';

interface AlertPageProps {
  campaignId: string;
  alertId: string;
  user: CurrentUser;
}

export default function AlertPage({ campaignId, alertId, user }: AlertPageProps) {
  const context = useAlertCampaign(campaignId, user);
  const alert = useAlert(alertId);
  const error = context.error ?? alert.error;
  if (error) {
    return (
      <PageLoadError error={error} onRetry={() => void Promise.all([context.retry(), alert.refetch()])} />
    );
  }
  const { campaign, grid, members } = context;
  if (context.pending || !alert.data || !campaign || !grid || !members) return <Loading />;
  // An alert of another campaign is not a page of this one.
  if (alert.data.campaign_id !== campaignId) return <NotFoundPage />;
  return (
    <AlertView
      alert={alert.data}
      grid={grid}
      members={members}
      mayEdit={context.mayEdit}
      onRefused={() => void context.retry()}
    />
  );
}

interface AlertViewProps {
  alert: Alert;
  grid: EvaluationGrid;
  members: CampaignMember[];
  mayEdit: boolean;
  onRefused: () => void;
}

function AlertView({ alert, grid, members, mayEdit, onRefused }: AlertViewProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const update = useUpdateAlert();
  const remove = useDeleteAlert(alert);
  const [confirming, setConfirming] = useState(false);
  const list = `/campaigns/${alert.campaign_id}/alerts`;
  const saved = alertFormOf(alert);
  // What it watched has left the grid: nothing is chosen until the user picks another element.
  const values = watchedName(grid, alert.detail) === undefined ? { ...saved, target: '' } : saved;

  const deleteAlert = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notify.success('alerts.deleted');
        navigate(list);
      },
      onError: (error) => {
        setConfirming(false);
        notify.failure('alerts.deleteFailed', error);
      },
    });

  return (
    <>
      <PageHeader title={alert.name} intro={t('alerts.editIntro')} />
      {alert.disabled_reason && (
        <Notice
          icon={ExclamationTriangleIcon}
          title={t('alerts.disabledTitle')}
          body={t(`alerts.disabledReasons.${alert.disabled_reason}`)}
          className="mb-6 max-w-2xl"
        />
      )}
      <AlertEditor
        mode="edit"
        readOnly={!mayEdit}
        values={values}
        grid={grid}
        members={members}
        onRefused={onRefused}
        failure="alerts.saveFailed"
        cancelHref={list}
        onSubmit={async (chosen) => {
          await update.mutateAsync({ id: alert.id, ...alertChangesOf(values, chosen) });
          notify.success('alerts.saved');
        }}
        actions={
          <Button variant="danger" className="sm:ml-auto" onClick={() => setConfirming(true)}>
            {t('alerts.delete')}
          </Button>
        }
      />
      <ConfirmDialog
        open={confirming}
        title={t('alerts.deleteTitle')}
        body={t('alerts.deleteBody', { name: alert.name })}
        confirmLabel={t('alerts.delete')}
        pending={remove.isPending}
        onConfirm={deleteAlert}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
