// Creating a test call: the file sent becomes a test conversation of the campaign, with no agent, stored through
// ingestion as any call is (a recording with its transcription queued, a transcript with its analysis queued), and
// its record alongside. The pipeline then evaluates it with the campaign's grid as it stands.
import type { Database } from '../db/client';
import type { CampaignRecord } from '../campaigns/store';
import { conversationContent } from '../domain/new-conversation';
import { Unprocessable } from '../errors';
import { findCurrentGrid } from '../evaluation-grids/store';
import {
  ingestAudioCall,
  storeConversation,
  storedText,
  type IngestionDeps,
} from '../conversation-ingestion/service';
import type { FileStorage } from '../storage/files';
import { insertTestCall } from './store';
import type { TestCallFile } from './upload';

type Campaign = Pick<CampaignRecord, 'id' | 'organisationId' | 'language' | 'name' | 'redactAtIngestion'>;

/** File names are kept to this many characters. */
const fileNameMaxLength = 255;

/** Refuses (422) a campaign without a published grid: there would be nothing to test the call against. */
export async function assertGridToTest(db: Database, campaignId: string) {
  if (!(await findCurrentGrid(db, campaignId)))
    throw new Unprocessable('The campaign has no published evaluation grid to test a call with');
}

/** Stores the test call sent as `file` (named `fileName`) by `userId`; resolves to its id. */
export async function createTestCall(
  deps: IngestionDeps & { files: FileStorage },
  campaign: Campaign,
  upload: { file: TestCallFile; fileName: string; userId: string },
): Promise<string> {
  const { file } = upload;
  const alongside = (tx: Database, conversationId: string) =>
    insertTestCall(tx, {
      conversationId,
      campaignId: campaign.id,
      fileName: upload.fileName.trim().slice(0, fileNameMaxLength) || file.source,
      source: file.source,
      createdBy: upload.userId,
    });
  const names = { agentName: null, campaignName: campaign.name };

  if (file.source === 'audio') {
    const { row } = await ingestAudioCall(deps, campaign, {
      path: file.path,
      mediaType: file.mediaType,
      agentId: undefined,
      externalId: null,
      test: { alongside },
    });
    return row.id;
  }

  const content = storedText(
    deps.pipeline,
    campaign,
    conversationContent({ type: 'call', input_text: file.text }, campaign.language, new Date()),
  );
  const { row } = await storeConversation(
    deps,
    {
      campaignId: campaign.id,
      type: 'call',
      agentId: null,
      status: 'analysing',
      language: content.language,
      startedAt: content.startedAt,
      durationSeconds: content.durationSeconds,
      turns: content.turns,
      searchText: content.searchText,
      isTest: true,
    },
    names,
    alongside,
  );
  return row.id;
}
