// The login service's JSON calls (its pages are HTML forms).
import { z } from 'zod';

export const accessTokenResponseSchema = z
  .object({ access_token: z.string(), expires_in: z.number().int() })
  .meta({ id: 'AccessToken' });
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

export const tokenExchangeSchema = z.object({ userId: z.uuid() }).strict();

/** Minimum and maximum password lengths (NIST SP 800-63B). */
export const passwordLength = { min: 10, max: 128 } as const;
