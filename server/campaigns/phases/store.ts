// A campaign's conversation phases as its settings hold them.
import { phaseSettingsSchema, type PhaseDefinition } from '../../../contract/conversation-phases';

/** The phases held in a campaign's settings; none when the settings hold no valid list. */
export function phasesInSettings(settings: Record<string, unknown>): PhaseDefinition[] {
  return phaseSettingsSchema.safeParse(settings).data?.conversation_phases ?? [];
}
