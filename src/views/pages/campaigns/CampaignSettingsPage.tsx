// A supervisor's campaign settings: details, logo, topics, users, duplicate and delete, as far as they may.
import { LockClosedIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/users';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { hasSettings } from './campaign-abilities';
import { CampaignSettings } from './CampaignSettings';
import { useCampaignView } from './use-campaign-view';

export default function CampaignSettingsPage({
  campaignId,
  user,
}: {
  campaignId: string;
  user: CurrentUser;
}) {
  const { t } = useTranslation();
  const view = useCampaignView(campaignId, user);
  if (view.error) return <PageLoadError error={view.error} onRetry={() => void view.retry()} />;
  if (view.pending || !view.campaign || !view.abilities) {
    return <Loading />;
  }
  return (
    <>
      <PageHeader title={`${t('pages.titles.campaignSettings')} · ${view.campaign.name}`} />
      {!hasSettings(view.abilities) && (
        <Notice
          icon={LockClosedIcon}
          title={t('campaigns.readOnlyTitle')}
          body={t('campaigns.readOnlyBody')}
          className="mb-6"
        />
      )}
      <CampaignSettings campaign={view.campaign} abilities={view.abilities} />
    </>
  );
}
