// An API key's secret: `qm_` and 32 random bytes (base64url), shown once; stored as its SHA-256, which is enough
// for a secret of that entropy (no dictionary to guess from, unlike a password).
import { randomBytes } from 'node:crypto';
import { hashSecretToken } from '../auth/secret-tokens';

export const apiKeyPrefix = 'qm_';

export const newApiKeySecret = (): string => `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;

export const isApiKeySecret = (token: string): boolean => token.startsWith(apiKeyPrefix);

export const hashApiKeySecret = hashSecretToken;

/** What the list shows to tell keys apart: the prefix and the first characters of the random part. */
export const displayPrefix = (secret: string): string => secret.slice(0, apiKeyPrefix.length + 6);
