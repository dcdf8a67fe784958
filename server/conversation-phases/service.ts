// Replacing a campaign's conversation phases: stored and, when they changed, the campaign's analysed
// conversations queued for analysis again, so that each conversation's phases follow them.
import type { CampaignPhasesSaved, PhaseDefinition } from '../../contract/conversation-phases';
import type { ConversationPipeline } from '../context';
import type { Database } from '../db/client';
import { replaceAnalysisSetting } from '../campaigns/analysis-settings';
import type { CampaignRecord } from '../campaigns/store';
import { phasesInSettings } from '../domain/conversation-phases';

export async function replaceCampaignPhases(
  deps: { db: Database; pipeline: Pick<ConversationPipeline, 'relaunchAnalysis'> },
  campaign: Pick<CampaignRecord, 'id' | 'settings'>,
  phases: PhaseDefinition[],
): Promise<CampaignPhasesSaved> {
  const current = phasesInSettings(campaign.settings);
  const key = 'conversation_phases';
  return {
    phases,
    reanalysing: await replaceAnalysisSetting(deps, campaign.id, { key, current, next: phases }),
  };
}
