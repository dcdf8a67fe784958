// Password hashing with argon2id and the OWASP-recommended parameters (19 MiB, 2 iterations, 1 lane).
import argon2 from 'argon2';

const parameters = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, parameters);

export const verifyPassword = (hash: string, password: string): Promise<boolean> =>
  argon2.verify(hash, password);

/** A fixed hash checked when the email is unknown, so both failures take the same time. */
const unknownUserHash = hashPassword('no account has this password');

export async function verifyPasswordOrDecoy(hash: string | null | undefined, password: string) {
  if (hash) return verifyPassword(hash, password);
  await verifyPassword(await unknownUserHash, password);
  return false;
}
