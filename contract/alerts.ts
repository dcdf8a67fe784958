// The alerts API: per campaign, a threshold on a score of the campaign's grid; a finished or changed evaluation
// whose score meets it notifies the alert's recipients (an `ALERT` notification).
import { z } from 'zod';
import { idSchema, unixSecondsSchema } from './common';
import { alertDetailTypes, alertOperators } from './values/enums';

export type AlertOperator = (typeof alertOperators)[number];
export type AlertDetailType = (typeof alertDetailTypes)[number];

/** Why the server turned an alert off: the grid element it watched left the grid in a new version. */
export const alertDisabledReasons = ['grid_element_removed'] as const;

/**
 * What the alert watches and its threshold. `score` is 0–100 for every type: the main, additional or section
 * score, or the item's own score (binary: yes 100, no 0; levels: the level's score; composed: the share of
 * sub-items met). `section_id` is required by `section_score`, `score_id` (an additional score's id) by
 * `additional_score`, `item_id` by the three item types; the others must be absent.
 */
export const alertWatchSchema = z
  .object({
    type: z.enum(alertDetailTypes),
    operator: z.enum(alertOperators),
    score: z.number().min(0).max(100),
    section_id: idSchema.optional(),
    score_id: idSchema.optional(),
    item_id: idSchema.optional(),
  })
  .strict()
  .meta({ id: 'AlertWatch' });
export type AlertWatch = z.infer<typeof alertWatchSchema>;

const nameSchema = z.string().trim().min(1).max(200);
const recipientsSchema = z.array(idSchema).min(1).max(100);

export const newAlertSchema = z
  .object({
    campaign_id: idSchema,
    name: nameSchema,
    enabled: z.boolean().default(true),
    detail: alertWatchSchema,
    recipients: recipientsSchema,
  })
  .strict()
  .meta({ id: 'NewAlert' });
export type NewAlert = z.infer<typeof newAlertSchema>;

export const alertChangesSchema = z
  .object({
    name: nameSchema.optional(),
    enabled: z.boolean().optional(),
    detail: alertWatchSchema.optional(),
    recipients: recipientsSchema.optional(),
  })
  .strict()
  .meta({ id: 'AlertChanges' });
export type AlertChanges = z.infer<typeof alertChangesSchema>;

export const alertSchema = z
  .object({
    id: idSchema,
    campaign_id: idSchema,
    name: z.string(),
    enabled: z.boolean(),
    /** Set when the server disabled the alert; cleared when someone enables it again with a valid detail. */
    disabled_reason: z.enum(alertDisabledReasons).nullable(),
    detail: alertWatchSchema,
    recipients: z.array(idSchema),
    created_at: unixSecondsSchema,
    updated_at: unixSecondsSchema,
  })
  .meta({ id: 'Alert' });
export type Alert = z.infer<typeof alertSchema>;

/** `GET /alerts`: one campaign's alerts, or without it every alert of the campaigns the caller reads. */
export const alertListQuerySchema = z.object({ campaign_id: idSchema.optional() }).strict();
