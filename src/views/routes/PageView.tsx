// Shows the page a route names, with the route's parameters; screens of later releases show "coming soon".
import type { CurrentUser } from '../../../contract/users';
import { conversationListCode } from '../pages/conversations/conversation-list-code';
import { reviewScreenCode } from '../pages/conversations/review-screen-code';
import { NotFoundPage } from '../pages/fixed/NotFoundPage';
import { lazyPage } from './lazy-page';
import type { PageKey } from './route-tables';

const HomePage = lazyPage(() => import('../pages/home/HomePage'), { firstRoute: true });
const AdminHomePage = lazyPage(() => import('../pages/admin/AdminHomePage'));
const ProfilePage = lazyPage(() => import('../pages/profile/ProfilePage'));
const ComingSoonPage = lazyPage(() => import('../pages/coming-soon/ComingSoonPage'));
const CampaignsPage = lazyPage(() => import('../pages/campaigns/CampaignsPage'));
const CampaignCreatePage = lazyPage(() => import('../pages/campaigns/CampaignCreatePage'));
const CampaignPage = lazyPage(() => import('../pages/campaigns/CampaignPage'));
const CampaignSettingsPage = lazyPage(() => import('../pages/campaigns/CampaignSettingsPage'));
const EvaluationGridPage = lazyPage(() => import('../pages/evaluation-grids/EvaluationGridPage'));
const ValidationStatsPage = lazyPage(() => import('../pages/validation-stats/ValidationStatsPage'));
const EvaluationUpdatesPage = lazyPage(() => import('../pages/validation-stats/EvaluationUpdatesPage'));
const ConversationPhasesPage = lazyPage(() => import('../pages/conversation-phases/ConversationPhasesPage'));
const CustomAnalysesPage = lazyPage(() => import('../pages/custom-analyses/CustomAnalysesPage'));
const ConversationsPage = lazyPage(conversationListCode);
const OrganisationsPage = lazyPage(() => import('../pages/organisations/OrganisationsPage'));
const OrganisationCreatePage = lazyPage(() => import('../pages/organisations/OrganisationCreatePage'));
const OrganisationUsersPage = lazyPage(() => import('../pages/organisations/OrganisationUsersPage'));
const OrganisationCampaignsPage = lazyPage(() => import('../pages/organisations/OrganisationCampaignsPage'));
const OrganizationPage = lazyPage(() => import('../pages/organisations/OrganizationPage'));
const UsagePage = lazyPage(() => import('../pages/usage/UsagePage'));
const AuditLogPage = lazyPage(() => import('../pages/audit-log/AuditLogPage'));
const ApiKeysPage = lazyPage(() => import('../pages/api-keys/ApiKeysPage'));
const UsersPage = lazyPage(() => import('../pages/users/UsersPage'));
const UserPage = lazyPage(() => import('../pages/users/UserPage'));
const UserAccessPage = lazyPage(() => import('../pages/users/UserAccessPage'));
const ConversationIngestionPage = lazyPage(
  () => import('../pages/conversation-ingestion/ConversationIngestionPage'),
);

const AlertsPage = lazyPage(() => import('../pages/alerts/AlertsPage'));
const AlertCreatePage = lazyPage(() => import('../pages/alerts/AlertCreatePage'));
const AlertPage = lazyPage(() => import('../pages/alerts/AlertPage'));
const CoachingPage = lazyPage(() => import('../pages/coaching/CoachingPage'));
const ReviewQueuePage = lazyPage(() => import('../pages/reviews/ReviewQueuePage'));
const ReviewTeamPage = lazyPage(() => import('../pages/reviews/ReviewTeamPage'));

const uploadKinds = { callsUpload: 'calls', chatsUpload: 'chats', emailsUpload: 'emails' } as const;
const ConversationPage = lazyPage(reviewScreenCode);
const TranscriptEditPage = lazyPage(() => import('../pages/transcript/TranscriptEditPage'));

interface PageViewProps {
  page: PageKey;
  user: CurrentUser;
  params: Record<string, string | undefined>;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are UUIDs: anything else (such as `/campaigns/create` without the permission) is not a page. */
const hasMalformedId = (params: PageViewProps['params']) =>
  Object.entries(params).some(([name, value]) => name.endsWith('Id') && !uuid.test(value ?? ''));

export function PageView({ page, user, params }: PageViewProps) {
  if (hasMalformedId(params)) return <NotFoundPage />;
  const {
    campaignId = '',
    organisationId = '',
    userId = '',
    conversationId = '',
    itemId = '',
    alertId = '',
  } = params;
  switch (page) {
    case 'home':
      return <HomePage user={user} />;
    case 'adminHome':
      return <AdminHomePage />;
    case 'profile':
      return <ProfilePage user={user} />;
    case 'campaigns':
      return <CampaignsPage user={user} />;
    case 'campaignCreate':
      return <CampaignCreatePage />;
    case 'organisationCampaignCreate':
      return <CampaignCreatePage organisationId={organisationId} />;
    case 'campaign':
      return <CampaignPage key={campaignId} campaignId={campaignId} user={user} />;
    case 'callsUpload':
    case 'chatsUpload':
    case 'emailsUpload':
      return (
        <ConversationIngestionPage
          key={`${page}-${campaignId}`}
          kind={uploadKinds[page]}
          campaignId={campaignId}
          user={user}
        />
      );
    case 'campaignSettings':
      return <CampaignSettingsPage key={campaignId} campaignId={campaignId} user={user} />;
    case 'campaignEvaluation':
      return <EvaluationGridPage key={campaignId} campaignId={campaignId} user={user} />;
    case 'validationStats':
      return <ValidationStatsPage key={campaignId} campaignId={campaignId} user={user} />;
    case 'evaluationUpdates':
      return (
        <EvaluationUpdatesPage
          key={`${campaignId}-${itemId}`}
          campaignId={campaignId}
          itemId={itemId}
          user={user}
        />
      );
    case 'conversationPhases':
      return <ConversationPhasesPage key={campaignId} campaignId={campaignId} user={user} />;
    case 'customAnalyses':
      return <CustomAnalysesPage key={campaignId} campaignId={campaignId} user={user} />;
    case 'conversations':
      return <ConversationsPage key={campaignId} campaignId={campaignId} user={user} />;
    case 'organisations':
      return <OrganisationsPage />;
    case 'organisationCreate':
      return <OrganisationCreatePage />;
    case 'organisationUsers':
      return <OrganisationUsersPage key={organisationId} organisationId={organisationId} user={user} />;
    case 'organisationCampaigns':
      return <OrganisationCampaignsPage key={organisationId} organisationId={organisationId} />;
    case 'usage':
      return <UsagePage key={organisationId} user={user} {...(organisationId ? { organisationId } : {})} />;
    case 'organization':
      return <OrganizationPage user={user} />;
    case 'auditLog':
      return <AuditLogPage user={user} />;
    case 'apiKeys':
      return <ApiKeysPage user={user} />;
    case 'users':
      return <UsersPage />;
    case 'user':
      return <UserPage key={userId} userId={userId} user={user} />;
    case 'userAccess':
      return <UserAccessPage key={userId} userId={userId} currentUser={user} />;
    case 'conversation':
      return <ConversationPage key={conversationId} conversationId={conversationId} user={user} />;
    case 'alerts':
      return <AlertsPage key={campaignId} campaignId={campaignId} user={user} />;
    case 'alertCreate':
      return <AlertCreatePage key={campaignId} campaignId={campaignId} user={user} />;
    case 'alert':
      return <AlertPage key={alertId} campaignId={campaignId} alertId={alertId} user={user} />;
    case 'coaching':
      return <CoachingPage user={user} />;
    case 'reviewQueue':
      return <ReviewQueuePage />;
    case 'reviewTeam':
      return <ReviewTeamPage user={user} />;
    case 'transcriptEdit':
      return <TranscriptEditPage key={conversationId} conversationId={conversationId} user={user} />;
    default:
      return <ComingSoonPage page={page} />;
  }
}
