// A supervisor's campaign settings: details, logo, users, duplicate and delete, as far as they may.
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/users';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
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
  if (view.error) return <QueryError error={view.error} onRetry={() => void view.retry()} />;
  if (view.pending || !view.campaign || !view.abilities) {
    return <Loading />;
  }
  return (
    <>
      <PageHeader title={`${t('pages.titles.campaignSettings')} · ${view.campaign.name}`} />
      <CampaignSettings campaign={view.campaign} abilities={view.abilities} />
    </>
  );
}
