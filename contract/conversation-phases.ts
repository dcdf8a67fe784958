// Conversation phases (spec §2 `/conversation-phases`, §7 `phases/average-duration`): a campaign's ordered phases
// defined by marker phrases, where each conversation's phases were found, and their average durations.
import { z } from 'zod';

/** A campaign keeps at most this many phases. */
export const phasesMaxCount = 20;

/**
 * A phase of a campaign's conversations: its name and the phrases that mark its start, in the campaign's
 * language. Matching is by whole words, ignoring case and accents, as the rules engine matches.
 */
export const phaseDefinitionSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    markers: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(200)
          .regex(/[\p{L}\p{N}]/u, 'A marker needs a letter or a digit'),
      )
      .min(1)
      .max(100),
  })
  .strict()
  .meta({ id: 'PhaseDefinition' });
export type PhaseDefinition = z.infer<typeof phaseDefinitionSchema>;

const phaseListSchema = z.array(phaseDefinitionSchema).max(phasesMaxCount);

/** Where a campaign's settings keep its phases; other keys are kept as they are. */
export const phaseSettingsSchema = z.object({ conversation_phases: phaseListSchema.optional() }).loose();

/** `GET /campaigns/{id}/conversation-phases`: the campaign's phases, in the order a conversation goes through them. */
export const campaignPhasesSchema = z
  .object({ phases: phaseListSchema })
  .strict()
  .meta({ id: 'CampaignConversationPhases' });
export type CampaignPhases = z.infer<typeof campaignPhasesSchema>;

/** `PUT /campaigns/{id}/conversation-phases`: the whole ordered list, names unique ignoring case. */
export const updateCampaignPhasesSchema = campaignPhasesSchema.superRefine(({ phases }, context) => {
  const seen = new Set<string>();
  phases.forEach((phase, index) => {
    const key = phase.name.toLocaleLowerCase();
    if (seen.has(key))
      context.addIssue({
        code: 'custom',
        path: ['phases', index, 'name'],
        message: 'Phase names must differ',
      });
    seen.add(key);
  });
});

/** The answer to the `PUT`: the phases stored and how many conversations are analysed again to follow them. */
export const campaignPhasesSavedSchema = z
  .object({ phases: phaseListSchema, reanalysing: z.number().int().nonnegative() })
  .meta({ id: 'CampaignConversationPhasesSaved' });
export type CampaignPhasesSaved = z.infer<typeof campaignPhasesSavedSchema>;

/**
 * One phase found in a conversation: its turns (1-based, inclusive) and marker. Calls: `start_s`/`end_s` on the
 * recording, from the phase's first turn to the next phase's first turn (the last phase to its last turn's end).
 * Chats and emails: `start_s`/`end_s` null, `duration_s` the time elapsed between the same turns' sending times.
 * `duration_s` is null when the turns carry no times.
 */
export const conversationPhaseSchema = z
  .object({
    name: z.string(),
    marker: z.string(),
    first_turn: z.number().int().positive(),
    last_turn: z.number().int().positive(),
    turns: z.number().int().positive(),
    start_s: z.number().nullable(),
    end_s: z.number().nullable(),
    duration_s: z.number().nonnegative().nullable(),
  })
  .meta({ id: 'ConversationPhase' });
export type ConversationPhase = z.infer<typeof conversationPhaseSchema>;

/** Averages over the conversations where a phase was found; an average is null when nothing was measured. */
export const phaseAverageDurationSchema = z.object({
  name: z.string(),
  calls: z.object({
    conversations: z.number().int().nonnegative(),
    average_duration_s: z.number().nullable(),
  }),
  chats_and_emails: z.object({
    conversations: z.number().int().nonnegative(),
    average_turns: z.number().nullable(),
    average_elapsed_s: z.number().nullable(),
  }),
});

/** `GET /dashboards/graphs/phases/average-duration`: per phase name, in the order conversations go through them. */
export const phasesAverageDurationSchema = z
  .object({
    /** The analysed conversations counted, whether or not any phase was found in them. */
    conversations: z.number().int().nonnegative(),
    phases: z.array(phaseAverageDurationSchema),
  })
  .meta({ id: 'PhasesAverageDuration' });
export type PhasesAverageDuration = z.infer<typeof phasesAverageDurationSchema>;
