// Invitations' SQL: the invited user and their link (stored hashed), the open invitation behind a link, and its
// single use, which activates the user.
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invitations, users } from '../db/schema';
import type { Invitee } from './invitations';

/** The account (not an invitation) that an address signs in with, if any. */
export async function findAccountByEmail(db: Database, email: string) {
  const [account] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), ne(users.status, 'invited')));
  return account ?? null;
}

/** The new invited user; undefined when the address already has a user in this organisation. */
export async function insertInvitedUser(db: Database, userId: string, invitee: Invitee) {
  const [user] = await db
    .insert(users)
    .values({ id: userId, ...invitee, status: 'invited' })
    .onConflictDoNothing({ target: [users.organisationId, users.email] })
    .returning();
  return user;
}

export async function insertInvitation(db: Database, tokenHash: string, userId: string, expiresAt: Date) {
  await db.insert(invitations).values({ tokenHash, userId, expiresAt });
}

/** The invitation's token is unused and unexpired. */
const isOpen = (tokenHash: string) =>
  and(
    eq(invitations.tokenHash, tokenHash),
    isNull(invitations.usedAt),
    gt(invitations.expiresAt, new Date()),
  );

/** The invited user behind an open invitation, or undefined. */
export async function findOpenInvitee(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(isOpen(tokenHash));
  return row;
}

export type Acceptance =
  | { outcome: 'accepted'; userId: string }
  /** The link was used, expired or never existed. */
  | { outcome: 'closed' }
  /** The address has an account already (perhaps activated a moment ago through another organisation's link). */
  | { outcome: 'hasAccount' };

/** Uses an open invitation once: sets the user's name and password and activates them, in one transaction. */
export async function useInvitation(
  db: Database,
  tokenHash: string,
  { name, passwordHash }: { name: string; passwordHash: string },
): Promise<Acceptance> {
  try {
    return await db.transaction(async (tx) => {
      const [used] = await tx
        .update(invitations)
        .set({ usedAt: new Date() })
        .where(isOpen(tokenHash))
        .returning({ userId: invitations.userId });
      if (!used) return { outcome: 'closed' } as const;
      await tx.update(users).set({ name, passwordHash, status: 'active' }).where(eq(users.id, used.userId));
      return { outcome: 'accepted', userId: used.userId } as const;
    });
  } catch (error) {
    // The partial unique index is the arbiter when two invitations to one address are accepted at once.
    if (violates(error, 'users_account_email_unique')) return { outcome: 'hasAccount' };
    throw error;
  }
}

/** Whether a failed statement broke the named unique index (drizzle wraps the driver's error in `cause`). */
function violates(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: broken } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && broken === constraint) return true;
  }
  return false;
}
