// Turns campaign rows into the API's campaign shape.
import type { Campaign } from '../../contract/campaigns';
import { toUnixSeconds } from '../db/time';
import type { SignedUrls } from '../storage/signed-urls';
import { autoEvaluates, chosenEvaluationEngine, forcesRulesItems, metadataLabelsOf } from './settings';
import type { CampaignRow } from './store';

/** `llmAvailable`: whether the server has an evaluation provider. */
export const toCampaign = (row: CampaignRow, fileUrls: SignedUrls, llmAvailable: boolean): Campaign => ({
  id: row.id,
  organisation_id: row.organisationId,
  name: row.name,
  description: row.description,
  language: row.language,
  logo_url: row.logoKey ? fileUrls.urlFor(row.logoKey) : null,
  created_by: row.createdBy,
  created_at: toUnixSeconds(row.createdAt),
  member_count: row.memberCount,
  my_role: row.membership?.role ?? null,
  auto_evaluate: autoEvaluates(row.settings),
  evaluation_engine: chosenEvaluationEngine(row.settings, llmAvailable),
  evaluation_force_rules: forcesRulesItems(row.settings),
  llm_evaluation_available: llmAvailable,
  metadata_labels: metadataLabelsOf(row.settings),
  redact_for_providers: row.redactForProviders,
  redact_at_ingestion: row.redactAtIngestion,
  redact_exports: row.redactExports,
});
