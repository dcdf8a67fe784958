// The organisations API (admins): organisations, their users and their campaigns.
import { z } from 'zod';
import { unixSecondsSchema } from './common';

export const organisationSummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    created_at: unixSecondsSchema,
    user_count: z.number().int(),
    campaign_count: z.number().int(),
  })
  .meta({ id: 'OrganisationSummary' });
export type OrganisationSummary = z.infer<typeof organisationSummarySchema>;

export const createOrganisationSchema = z.object({ name: z.string().trim().min(1).max(120) }).strict();
export type CreateOrganisation = z.infer<typeof createOrganisationSchema>;

export const organisationListQuerySchema = z.object({
  start_after: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(200),
  q: z.string().trim().max(120).optional(),
});

export const organisationParamsSchema = z.object({ id: z.uuid() });
