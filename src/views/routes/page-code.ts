// Each page's code by the key its routes name: loaded by the route's render, and ahead of it for the page the app
// opens on, while the session and the shell are still on their way (decision 0232).
import { reviewScreenCode } from '../pages/conversations/review-screen-code';
import type { PageKey } from './route-tables';

const campaignCreate = () => import('../pages/campaigns/CampaignCreatePage');
const conversationIngestion = () => import('../pages/conversation-ingestion/ConversationIngestionPage');

export const pageCode = {
  home: () => import('../pages/home/HomePage'),
  adminHome: () => import('../pages/admin/AdminHomePage'),
  profile: () => import('../pages/profile/ProfilePage'),
  organisations: () => import('../pages/organisations/OrganisationsPage'),
  organisationCreate: () => import('../pages/organisations/OrganisationCreatePage'),
  organisationCampaigns: () => import('../pages/organisations/OrganisationCampaignsPage'),
  organisationCampaignCreate: campaignCreate,
  organisationUsers: () => import('../pages/organisations/OrganisationUsersPage'),
  users: () => import('../pages/users/UsersPage'),
  user: () => import('../pages/users/UserPage'),
  campaigns: () => import('../pages/campaigns/CampaignsPage'),
  campaignCreate,
  campaign: () => import('../pages/campaigns/CampaignPage'),
  campaignSettings: () => import('../pages/campaigns/CampaignSettingsPage'),
  campaignEvaluation: () => import('../pages/evaluation-grids/EvaluationGridPage'),
  customAnalyses: () => import('../pages/custom-analyses/CustomAnalysesPage'),
  validationStats: () => import('../pages/validation-stats/ValidationStatsPage'),
  evaluationUpdates: () => import('../pages/validation-stats/EvaluationUpdatesPage'),
  conversationPhases: () => import('../pages/conversation-phases/ConversationPhasesPage'),
  conversations: () => import('../pages/conversations/ConversationsPage'),
  callsUpload: conversationIngestion,
  chatsUpload: conversationIngestion,
  emailsUpload: conversationIngestion,
  conversation: reviewScreenCode,
  transcriptEdit: () => import('../pages/transcript/TranscriptEditPage'),
  usage: () => import('../pages/usage/UsagePage'),
  organization: () => import('../pages/organisations/OrganizationPage'),
  userAccess: () => import('../pages/users/UserAccessPage'),
  coaching: () => import('../pages/coaching/CoachingPage'),
  alerts: () => import('../pages/alerts/AlertsPage'),
  alertCreate: () => import('../pages/alerts/AlertCreatePage'),
  alert: () => import('../pages/alerts/AlertPage'),
  reviewQueue: () => import('../pages/reviews/ReviewQueuePage'),
  reviewTeam: () => import('../pages/reviews/ReviewTeamPage'),
} satisfies Record<PageKey, () => Promise<unknown>>;

/** Starts loading `page`'s code; its route's render then finds it loading or loaded. */
export const preloadPageCode = (page: PageKey) => void pageCode[page]().catch(() => undefined);
