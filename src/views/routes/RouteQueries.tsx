// Starts the first queries of the routed page while the page's code still loads (the pages of a campaign: the
// campaign and the user's role in it), so that they no longer wait for it.
import { matchRoute, useRouter } from 'wouter';
import { useCampaign, useMyCampaignRole } from '../../services/queries/campaigns';
import type { PageKey, RouteEntry } from './route-tables';

/** The pages that show nothing before the campaign and the user's role in it are read (`useCampaignView`). */
const campaignViewPages = new Set<PageKey>([
  'campaign',
  'campaignSettings',
  'campaignEvaluation',
  'validationStats',
  'evaluationUpdates',
  'conversationPhases',
  'customAnalyses',
  'conversations',
  'callsUpload',
  'chatsUpload',
  'emailsUpload',
]);

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function CampaignQueries({ campaignId }: { campaignId: string }) {
  useCampaign(campaignId);
  useMyCampaignRole(campaignId);
  return null;
}

export function RouteQueries({ routes, location }: { routes: RouteEntry[]; location: string }) {
  const { parser } = useRouter();
  const route = routes.find(({ path }) => matchRoute(parser, path, location)[0]);
  if (!route || !campaignViewPages.has(route.page)) return null;
  const params = matchRoute(parser, route.path, location)[1] as Record<string, string | undefined> | null;
  const campaignId = params?.campaignId;
  return campaignId && uuid.test(campaignId) ? <CampaignQueries campaignId={campaignId} /> : null;
}
