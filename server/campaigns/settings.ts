// What the server reads from a campaign's settings beyond its topics.
import { metadataLabelsSchema, type MetadataLabels } from '../../contract/campaigns';
import type { EvaluationEngineName } from '../../contract/evaluations';

/** Whether the campaign's conversations are evaluated once analysed: on unless the setting is `false`. */
export const autoEvaluates = (settings: Record<string, unknown>): boolean =>
  settings['auto_evaluate'] !== false;

/**
 * The evaluation engine the campaign chose; unset, the LLM when a provider is configured, else the rules. A choice
 * of the LLM stays stored when the provider goes away (the evaluation then falls back on the rules and says so).
 */
export function chosenEvaluationEngine(
  settings: Record<string, unknown>,
  providerConfigured: boolean,
): EvaluationEngineName {
  const stored = settings['evaluation_engine'];
  if (stored === 'rules' || stored === 'llm') return stored;
  return providerConfigured ? 'llm' : 'rules';
}

/** Whether items that have rules are answered by the rules engine even when the LLM evaluates: off when unset. */
export const forcesRulesItems = (settings: Record<string, unknown>): boolean =>
  settings['evaluation_force_rules'] === true;

/** The labels of the campaign's metadata keys; none when unset (or stored by an older shape). */
export function metadataLabelsOf(settings: Record<string, unknown>): MetadataLabels {
  const parsed = metadataLabelsSchema.safeParse(settings['metadata_labels'] ?? {});
  return parsed.success ? parsed.data : {};
}
