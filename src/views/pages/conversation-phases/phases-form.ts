// The phases form's rules, with i18n keys as messages (the contract's phaseDefinitionSchema said in the user's
// language), and where a server refusal of the list lands in the form.
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { phasesMaxCount, type PhaseDefinition } from '../../../../contract/conversation-phases';
import { ApiError } from '../../../services/api-error';

export const markersMaxCount = 100;
export const markerMaxLength = 200;

/** Why a marker cannot be added, as an i18n key; null when it can. */
export function markerProblem(marker: string, markers: readonly string[]): string | null {
  if (!/[\p{L}\p{N}]/u.test(marker)) return 'conversationPhases.markerNeedsWord';
  if (marker.length > markerMaxLength) return 'validation.tooLong';
  if (markers.some((kept) => kept.toLocaleLowerCase() === marker.toLocaleLowerCase()))
    return 'conversationPhases.markerTwice';
  if (markers.length >= markersMaxCount) return 'conversationPhases.tooManyMarkers';
  return null;
}

export const phasesFormSchema = z.object({
  phases: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
        markers: z.array(z.string()).min(1, 'conversationPhases.markersRequired'),
      }),
    )
    .max(phasesMaxCount)
    .superRefine((phases, context) => {
      const seen = new Set<string>();
      phases.forEach((phase, index) => {
        const key = phase.name.trim().toLocaleLowerCase();
        if (key && seen.has(key))
          context.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: 'conversationPhases.duplicateName',
          });
        seen.add(key);
      });
    }),
});
export type PhasesForm = z.infer<typeof phasesFormSchema>;

export const toPhasesForm = (phases: readonly PhaseDefinition[]): PhasesForm => ({
  phases: phases.map((phase) => ({ name: phase.name, markers: [...phase.markers] })),
});

export const fromPhasesForm = (form: PhasesForm): PhaseDefinition[] =>
  form.phases.map((phase) => ({ name: phase.name.trim(), markers: phase.markers }));

/** The form field a server path names (`body.phases.2.markers.0` → `phases.2.markers`); null for another. */
export function phasesFormPathOf(serverPath: string): FieldPath<PhasesForm> | null {
  const match = /^body\.phases\.(\d+)\.(name|markers)/.exec(serverPath);
  return match ? (`phases.${Number(match[1])}.${match[2]}` as FieldPath<PhasesForm>) : null;
}

/** Shows each refusal the server gave next to its field; says whether any could be placed. */
export function placePhasesRefusals(form: UseFormReturn<PhasesForm>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const paths = error.errors.flatMap(({ path }) => phasesFormPathOf(path) ?? []);
  for (const path of paths) {
    form.setError(path, { type: 'server', message: 'conversationPhases.refused' });
  }
  return paths.length > 0;
}
