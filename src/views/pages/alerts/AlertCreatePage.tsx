// A new alert in a campaign (/campaigns/{id}/alerts/create), for those who may change the campaign's settings;
// the user is offered as its first recipient when they are a member.
import { LockClosedIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CurrentUser } from '../../../../contract/users';
import { useCreateAlert } from '../../../services/queries/alerts';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { useNotify } from '../../components/use-notify';
import { newAlertForm, newAlertOf } from './alert-form';
import { AlertEditor } from './AlertEditor';
import { useAlertCampaign } from './use-alert-campaign';

export default function AlertCreatePage({ campaignId, user }: { campaignId: string; user: CurrentUser }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const context = useAlertCampaign(campaignId, user);
  const create = useCreateAlert();
  if (context.error) return <PageLoadError error={context.error} onRetry={() => void context.retry()} />;
  const { campaign, grid, members } = context;
  if (context.pending || !campaign || !grid || !members) return <Loading />;

  const list = `/campaigns/${campaignId}/alerts`;
  const isMember = members.some((member) => member.user_id === user.id && member.status === 'active');
  return (
    <>
      <PageHeader
        title={t('pages.titles.alertCreate')}
        intro={t('alerts.createIntro', { campaign: campaign.name })}
      />
      {context.mayEdit ? (
        <AlertEditor
          mode="create"
          readOnly={false}
          values={{ ...newAlertForm, recipients: isMember ? [user.id] : [] }}
          grid={grid}
          members={members}
          onRefused={() => void context.retry()}
          failure="alerts.createFailed"
          cancelHref={list}
          onSubmit={async (values) => {
            await create.mutateAsync(newAlertOf(campaignId, values));
            notify.success('alerts.created');
            navigate(list);
          }}
        />
      ) : (
        <Notice icon={LockClosedIcon} title={t('alerts.readOnlyTitle')} body={t('alerts.readOnlyBody')} />
      )}
    </>
  );
}
