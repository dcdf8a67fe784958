// A campaign's topics as its settings hold them.
import { campaignSettingsSchema, type TopicDefinition } from '../../../contract/campaigns';

/** The topics held in a campaign's settings; none when the settings hold no valid list. */
export function topicsInSettings(settings: Record<string, unknown>): TopicDefinition[] {
  return campaignSettingsSchema.safeParse(settings).data?.topics ?? [];
}
