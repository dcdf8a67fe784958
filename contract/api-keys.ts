// The API keys API: an organisation's keys for its own systems (`Authorization: Bearer qm_…`), each limited to
// scopes, created and revoked by admins and supervisors with can_manage_security (decision 0227).
import { z } from 'zod';
import { idSchema, unixSecondsSchema } from './common';
import { apiKeyScopes } from './values/api-keys';

export const apiKeyScopeSchema = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

export const apiKeySchema = z
  .object({
    id: idSchema,
    organisation_id: idSchema,
    name: z.string(),
    scopes: z.array(apiKeyScopeSchema),
    /** The key's first characters, to tell keys apart; the key itself is shown once, at creation. */
    prefix: z.string(),
    created_by: z.object({ id: idSchema, name: z.string() }),
    created_at: unixSecondsSchema,
    expires_at: unixSecondsSchema.nullable(),
    last_used_at: unixSecondsSchema.nullable(),
    revoked_at: unixSecondsSchema.nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeySchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    scopes: z
      .array(apiKeyScopeSchema)
      .min(1)
      .max(apiKeyScopes.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
    /** Unix seconds, in the future; never expires when absent or null. */
    expires_at: unixSecondsSchema.nullable().optional(),
  })
  .strict();
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

/** The new key with its secret, which is never answered again. */
export const createdApiKeySchema = z
  .object({ api_key: apiKeySchema, key: z.string() })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) }).meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyParamsSchema = z.object({ id: idSchema, keyId: idSchema });
