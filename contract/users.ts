// The users API: the current user, profiles, invitations.
import { z } from 'zod';
import { unixSecondsSchema } from './common';
import { languageSchema, userPolicySchema, userRoleSchema, userStatusSchema } from './enums';

export const currentUserSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    admin: z.boolean(),
    role: userRoleSchema,
    language: languageSchema.nullable(),
    organisation_id: z.uuid().nullable(),
    config: z.object({
      quality_monitoring: z.object({ role: userRoleSchema, policy: userPolicySchema }),
    }),
    features: z.object({ coaching: z.boolean() }),
    /** Set when the access token was issued to an admin acting as this user (RFC 8693 `act`). */
    acting_admin_id: z.uuid().nullable(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    admin: z.boolean(),
    role: userRoleSchema,
    policy: userPolicySchema,
    status: userStatusSchema,
    language: languageSchema.nullable(),
    organisation_id: z.uuid().nullable(),
    created_at: unixSecondsSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

const nameSchema = z.string().trim().min(1).max(120);

/** The statuses an admin may set; `invited` only ever comes from an invitation. */
export const settableUserStatusSchema = z.enum(['active', 'disabled']);

/** Everyone may change their own name and language; only admins change status, role and policy. */
export const updateUserSchema = z
  .object({
    name: nameSchema,
    language: languageSchema.nullable(),
    status: settableUserStatusSchema,
    role: userRoleSchema,
    policy: userPolicySchema,
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const emailSchema = z
  .email()
  .max(254)
  .transform((email) => email.toLowerCase());

export const inviteUserSchema = z
  .object({ email: emailSchema, name: nameSchema, role: userRoleSchema })
  .strict();
export type InviteUser = z.infer<typeof inviteUserSchema>;

/** `?send_invite_email=true|false` (default true) on organisation invitations. */
export const inviteQuerySchema = z.object({
  send_invite_email: z
    .enum(['true', 'false'])
    .default('true')
    .transform((flag) => flag === 'true'),
});

/** The invited user; the invitation link is returned only when no mail was sent, for the admin to hand over. */
export const invitationResultSchema = z
  .object({ user: userSchema, invitation_url: z.url().nullable() })
  .meta({ id: 'InvitationResult' });
export type InvitationResult = z.infer<typeof invitationResultSchema>;

export const userListQuerySchema = z.object({
  start_after: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(200),
  /** Matches name or email, case-insensitively. */
  q: z.string().trim().max(120).optional(),
  role: userRoleSchema.optional(),
});

export const organisationSchema = z
  .object({ id: z.uuid(), name: z.string(), created_at: unixSecondsSchema })
  .meta({ id: 'Organisation' });
export type Organisation = z.infer<typeof organisationSchema>;
