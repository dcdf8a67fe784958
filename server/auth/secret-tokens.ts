// Opaque secrets (refresh tokens, invitation tokens): random, shown once, stored only as a SHA-256 hash.
import { createHash, randomBytes } from 'node:crypto';

export const newSecretToken = (): string => randomBytes(32).toString('base64url');

export const hashSecretToken = (token: string): string => createHash('sha256').update(token).digest('hex');
