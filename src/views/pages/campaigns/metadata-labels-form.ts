// The metadata labels form: one row per metadata key (those found in the campaign's conversations and those
// already labelled), with its English and French labels; an empty label leaves the key shown as itself.
import { z } from 'zod';
import type { MetadataLabels } from '../../../../contract/campaigns';

const labelField = z.string().trim().max(100, 'validation.tooLong');

export const metadataLabelsFormSchema = z.object({
  labels: z.array(z.object({ key: z.string(), en: labelField, fr: labelField })),
});
export type MetadataLabelsForm = z.infer<typeof metadataLabelsFormSchema>;

/** The keys found and those labelled, in alphabetical order, with their labels. */
export function toMetadataLabelsForm(keys: readonly string[], labels: MetadataLabels): MetadataLabelsForm {
  const all = [...new Set([...keys, ...Object.keys(labels)])].sort((a, b) => a.localeCompare(b));
  return {
    labels: all.map((key) => ({ key, en: labels[key]?.en ?? '', fr: labels[key]?.fr ?? '' })),
  };
}

/** The labels given, without the empty ones (a key without any is left out). */
export function fromMetadataLabelsForm(form: MetadataLabelsForm): MetadataLabels {
  const labels: MetadataLabels = {};
  for (const { key, en, fr } of form.labels) {
    const given = { ...(en.trim() ? { en: en.trim() } : {}), ...(fr.trim() ? { fr: fr.trim() } : {}) };
    if (Object.keys(given).length > 0) labels[key] = given;
  }
  return labels;
}
