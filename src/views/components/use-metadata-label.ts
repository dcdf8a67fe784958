// What a campaign's metadata key is called in the user's language: its label from the campaign's settings, or the
// key itself when it has none there.
import { useTranslation } from 'react-i18next';
import type { MetadataLabel, MetadataLabels } from '../../../contract/campaigns';
import { useCampaign } from '../../services/queries/campaigns';

/** A key's label in `language`; undefined when it has none in that language. */
export const labelIn = (label: MetadataLabel | null | undefined, language: string): string | undefined =>
  language.startsWith('fr') ? label?.fr : label?.en;

/** The label of `key` among `labels` in `language`; the key itself without one. */
export function metadataLabel(labels: MetadataLabels | undefined, key: string, language: string): string {
  return labelIn(labels?.[key], language) ?? key;
}

/** Names the campaign's metadata keys in the user's language (keys show as themselves until the campaign loads). */
export function useMetadataLabel(campaignId: string): (key: string) => string {
  const { i18n } = useTranslation();
  const labels = useCampaign(campaignId).data?.metadata_labels;
  return (key) => metadataLabel(labels, key, i18n.language);
}
