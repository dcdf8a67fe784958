// A campaign's overview: what it is and who the user is in it; its sections; its dashboard; for admins also its
// settings.
import { Cog6ToothIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../../contract/users';
import { ButtonLink } from '../../components/Button';
import { formatDate } from '../../components/format';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { routesFor, type PageKey } from '../../routes/route-tables';
import { hasSettings, type CampaignAbilities } from './campaign-abilities';
import { CampaignDashboard } from './CampaignDashboard';
import { CampaignLogo } from './CampaignLogoSection';
import { CampaignSettings } from './CampaignSettings';
import { useCampaignView } from './use-campaign-view';

/** The pages that add to a campaign's data, offered only to those who may (viewers may not). */
const contributions = new Set<PageKey>(['callsUpload', 'chatsUpload', 'emailsUpload']);

/** The campaign's sub-pages this user's route table has and their abilities allow, in menu order. */
function campaignSections(user: CurrentUser, abilities: CampaignAbilities) {
  const prefix = '/campaigns/:campaignId/';
  return (
    (routesFor(user) ?? [])
      .filter((route) => route.path.startsWith(prefix) && !route.path.slice(prefix.length).includes(':'))
      .filter((route) => route.page !== 'campaignSettings')
      .filter((route) => abilities.contribute || !contributions.has(route.page))
      // Alerts are part of the campaign's settings for the server (`can_edit_settings`).
      .filter((route) => abilities.editSettings || route.page !== 'alertCreate')
  );
}

export default function CampaignPage({ campaignId, user }: { campaignId: string; user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const view = useCampaignView(campaignId, user);
  if (view.error) return <PageLoadError error={view.error} onRetry={() => void view.retry()} />;
  if (view.pending || !view.campaign || !view.abilities) {
    return <Loading />;
  }
  const { campaign, abilities } = view;

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-4">
        <CampaignLogo campaign={campaign} />
        <div className="flex-1">
          <PageHeader title={campaign.name} intro={campaign.description || t('campaigns.noDescription')}>
            {!user.admin && hasSettings(abilities) && (
              <ButtonLink href={`/campaigns/${campaign.id}/settings`} variant="secondary">
                <Cog6ToothIcon className="size-4" aria-hidden="true" />
                {t('pages.titles.campaignSettings')}
              </ButtonLink>
            )}
          </PageHeader>
        </div>
      </div>
      <dl className="mb-6 grid grid-cols-2 gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:grid-cols-4">
        <div>
          <dt className="text-xs font-medium text-gray-500">{t('campaigns.language')}</dt>
          <dd className="mt-1 text-sm text-gray-900">{t(`languages.${campaign.language}`)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-gray-500">{t('campaigns.members')}</dt>
          <dd className="mt-1 text-sm text-gray-900">{campaign.member_count}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-gray-500">{t('campaigns.myRole')}</dt>
          <dd className="mt-1 text-sm text-gray-900">
            {view.role ? t(`campaignRoles.${view.role}`) : t('campaigns.adminAccess')}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-gray-500">{t('common.created')}</dt>
          <dd className="mt-1 text-sm text-gray-900">{formatDate(campaign.created_at, i18n.language)}</dd>
        </div>
      </dl>
      <nav aria-label={t('campaigns.sections')} className="mb-6 flex flex-wrap gap-2">
        {campaignSections(user, abilities).map((route) => (
          <Link
            key={route.path}
            href={route.path.replace(':campaignId', campaign.id)}
            className="rounded-full bg-white px-3 py-1.5 text-sm text-purple-800 ring-1 ring-purple-200 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
          >
            {t(`pages.titles.${route.page}`)}
          </Link>
        ))}
      </nav>
      <CampaignDashboard campaignId={campaign.id} ownFigures={!user.admin && user.role === 'agent'} />
      {user.admin && <CampaignSettings campaign={campaign} abilities={abilities} />}
    </>
  );
}
