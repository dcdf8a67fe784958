// The admin API: the platform's key figures per organisation over a time range (the admin home).
import { z } from 'zod';
import { idSchema } from './common';
import { repeatedSchema } from './dashboards';

/** Most campaigns or organisations the admin figures are narrowed to at once. */
export const maxAdminKpisFilters = 200;

/**
 * `GET /admin/kpis`: a time range in Unix seconds (inclusive; open when absent) and, when given, only these
 * campaigns and these organisations (repeated parameters: `campaigns=a&campaigns=b`).
 */
export const adminKpisQuerySchema = z
  .object({
    startTs: z.coerce.number().int().optional(),
    endTs: z.coerce.number().int().optional(),
    campaigns: repeatedSchema(idSchema).pipe(z.array(idSchema).max(maxAdminKpisFilters)).optional(),
    organisations: repeatedSchema(idSchema).pipe(z.array(idSchema).max(maxAdminKpisFilters)).optional(),
  })
  .refine(({ startTs, endTs }) => startTs === undefined || endTs === undefined || startTs <= endTs, {
    message: 'startTs is after endTs',
    path: ['startTs'],
  });
export type AdminKpisQuery = z.infer<typeof adminKpisQuerySchema>;

/**
 * The figures of the period (test conversations never count):
 * - conversations: started in the period;
 * - evaluations: finished (`done`) evaluations of those conversations;
 * - audio_hours: the calls' duration among those conversations, in hours;
 * - active_users: the organisation's people who signed in (a login or a session renewal) or acted (answered or
 *   commented an evaluation item, validated an evaluation, wrote in a discussion) in the period; with `campaigns`,
 *   those who acted on these campaigns' conversations or signed in while members of one of them.
 */
export const adminKpiFiguresSchema = z.object({
  conversations: z.number().int().min(0),
  evaluations: z.number().int().min(0),
  audio_hours: z.number().min(0),
  active_users: z.number().int().min(0),
});
export type AdminKpiFigures = z.infer<typeof adminKpiFiguresSchema>;

export const adminKpisSchema = z
  .object({
    /**
     * One row per organisation by name: every organisation (or those asked for); with `campaigns`, only the
     * organisations of these campaigns.
     */
    organisations: z.array(adminKpiFiguresSchema.extend({ id: idSchema, name: z.string() })),
    /** The rows' sums (a person belongs to one organisation, so active users add up too). */
    totals: adminKpiFiguresSchema,
  })
  .meta({ id: 'AdminKpis' });
export type AdminKpis = z.infer<typeof adminKpisSchema>;
