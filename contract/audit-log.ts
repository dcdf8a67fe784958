// The audit log API: who did what in an organisation, append-only and chained by hashes so that a changed or
// removed row shows, read and exported by admins and supervisors with can_view_audit_log (decision 0226).
import { z } from 'zod';
import { idSchema, unixSecondsSchema } from './common';
import { auditActions, auditActorTypes, auditTargetTypes } from './values/audit-log';

export const auditActorTypeSchema = z.enum(auditActorTypes);
export type AuditActorType = z.infer<typeof auditActorTypeSchema>;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditActionSchema>;
export const auditTargetTypeSchema = z.enum(auditTargetTypes);
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;

/** What an entry's `details` may hold: plain JSON values. */
export type AuditDetails = Record<string, unknown>;

export const auditEntrySchema = z
  .object({
    id: idSchema,
    organisation_id: idSchema,
    /** The entry's place in its organisation's chain, from 1. */
    sequence: z.number().int(),
    actor: z.object({ type: auditActorTypeSchema, id: z.string().nullable(), name: z.string().nullable() }),
    action: auditActionSchema,
    target: z.object({ type: auditTargetTypeSchema.nullable(), id: z.string().nullable() }),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    at: unixSecondsSchema,
    details: z.record(z.string(), z.unknown()),
    hash: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const auditFilterShape = {
  /** The organisation whose log is read: an admin's choice; everyone else reads their own. */
  organisation_id: idSchema.optional(),
  actor_type: auditActorTypeSchema.optional(),
  actor_id: z.string().trim().min(1).max(64).optional(),
  action: auditActionSchema.optional(),
  target_type: auditTargetTypeSchema.optional(),
  target_id: z.string().trim().min(1).max(64).optional(),
  /** Unix seconds, inclusive; open when absent. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
};

const inOrder = ({ from, to }: { from?: number | undefined; to?: number | undefined }) =>
  from === undefined || to === undefined || from <= to;
const rangeRefinement = { message: 'from is after to', path: ['from'] };

/** `GET /audit-log`: newest first, a page at a time (`start_after` is the last id of the previous page). */
export const auditLogQuerySchema = z
  .object({
    ...auditFilterShape,
    start_after: idSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine(inOrder, rangeRefinement);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** `GET /audit-log/export`: every entry the filters keep, oldest first, as CSV. */
export const auditLogExportQuerySchema = z.object(auditFilterShape).refine(inOrder, rangeRefinement);
export type AuditLogExportQuery = z.infer<typeof auditLogExportQuerySchema>;

export const auditLogPageSchema = z
  .object({ items: z.array(auditEntrySchema), next_start_after: idSchema.nullable() })
  .meta({ id: 'AuditLogPage' });
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

export const auditLogVerifyQuerySchema = z.object({ organisation_id: idSchema.optional() });

/** Whether the organisation's chain holds; when it does not, the first entry where it breaks and why. */
export const auditLogVerificationSchema = z
  .object({
    valid: z.boolean(),
    checked: z.number().int(),
    /** The first sequence still kept (earlier ones were purged by the retention), null for an empty log. */
    first_sequence: z.number().int().nullable(),
    broken_at: z
      .object({
        id: idSchema.nullable(),
        sequence: z.number().int(),
        reason: z.enum(['content_changed', 'previous_hash_mismatch', 'sequence_gap', 'missing_start']),
      })
      .nullable(),
  })
  .meta({ id: 'AuditLogVerification' });
export type AuditLogVerification = z.infer<typeof auditLogVerificationSchema>;
