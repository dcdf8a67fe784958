// Shows the page a route names, with the route's parameters; screens of later releases show "coming soon".
import type { CurrentUser } from '../../../contract/users';
import { NotFoundPage } from '../pages/fixed/NotFoundPage';
import { lazyPage } from './lazy-page';
import { pageCode } from './page-code';
import { hasMalformedId, type PageKey } from './route-tables';

const HomePage = lazyPage(pageCode.home, { firstRoute: true });
const AdminHomePage = lazyPage(pageCode.adminHome);
const ProfilePage = lazyPage(pageCode.profile);
const ComingSoonPage = lazyPage(() => import('../pages/coming-soon/ComingSoonPage'));
const CampaignsPage = lazyPage(pageCode.campaigns);
const CampaignCreatePage = lazyPage(pageCode.campaignCreate);
const CampaignPage = lazyPage(pageCode.campaign);
const CampaignSettingsPage = lazyPage(pageCode.campaignSettings);
const EvaluationGridPage = lazyPage(pageCode.campaignEvaluation);
const ValidationStatsPage = lazyPage(pageCode.validationStats);
const EvaluationUpdatesPage = lazyPage(pageCode.evaluationUpdates);
const ConversationPhasesPage = lazyPage(pageCode.conversationPhases);
const CustomAnalysesPage = lazyPage(pageCode.customAnalyses);
const ConversationsPage = lazyPage(pageCode.conversations);
const OrganisationsPage = lazyPage(pageCode.organisations);
const OrganisationCreatePage = lazyPage(pageCode.organisationCreate);
const OrganisationUsersPage = lazyPage(pageCode.organisationUsers);
const OrganisationCampaignsPage = lazyPage(pageCode.organisationCampaigns);
const OrganizationPage = lazyPage(pageCode.organization);
const UsagePage = lazyPage(pageCode.usage);
const UsersPage = lazyPage(pageCode.users);
const UserPage = lazyPage(pageCode.user);
const UserAccessPage = lazyPage(pageCode.userAccess);
const ConversationIngestionPage = lazyPage(pageCode.callsUpload);
const AlertsPage = lazyPage(pageCode.alerts);
const AlertCreatePage = lazyPage(pageCode.alertCreate);
const AlertPage = lazyPage(pageCode.alert);
const CoachingPage = lazyPage(pageCode.coaching);
const ReviewQueuePage = lazyPage(pageCode.reviewQueue);
const ReviewTeamPage = lazyPage(pageCode.reviewTeam);
const ConversationPage = lazyPage(pageCode.conversation);
const TranscriptEditPage = lazyPage(pageCode.transcriptEdit);

const uploadKinds = { callsUpload: 'calls', chatsUpload: 'chats', emailsUpload: 'emails' } as const;

interface PageViewProps {
  page: PageKey;
  user: CurrentUser;
  params: Record<string, string | undefined>;
}

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
