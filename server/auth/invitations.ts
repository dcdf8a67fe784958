// Invitations: a single-use link, valid 72 hours, stored hashed, that lets an invited user set a password.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRole } from '../../contract/enums';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { invitations, users } from '../db/schema';
import { Conflict } from '../errors';
import type { Mailer } from '../mail/mailer';
import { translator } from './i18n';
import { hashPassword } from './passwords';
import { hashSecretToken, newSecretToken } from './secret-tokens';

export const invitationTtlHours = 72;

export interface Invitee {
  email: string;
  name: string;
  role: UserRole;
  organisationId: string | null;
}

export interface InvitationContext {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * Creates the invited user and its invitation, then mails the link unless told not to (and logs it when the mail
 * only goes to the outbox);
 * resolves to the new user and the link, for whoever hands it over when no mail was sent.
 */
export async function inviteUser(
  { db, mailer, log, publicUrl }: InvitationContext,
  invitee: Invitee,
  { sendEmail = true }: { sendEmail?: boolean } = {},
): Promise<{ user: typeof users.$inferSelect; link: string }> {
  const userId = newId();
  const [user] = await db
    .insert(users)
    .values({ id: userId, ...invitee, status: 'invited' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) throw new Conflict('A user with this email already exists');

  const token = newSecretToken();
  await db.insert(invitations).values({
    tokenHash: hashSecretToken(token),
    userId,
    expiresAt: new Date(Date.now() + invitationTtlHours * 3600 * 1000),
  });
  const link = `${publicUrl}/auth/invitations/${token}`;
  log.info({ userId }, 'invitation created');
  if (sendEmail) {
    const t = translator('en');
    const tFr = translator('fr');
    await mailer.send({
      to: invitee.email,
      subject: `${t('mail.subject')} / ${tFr('mail.subject')}`,
      text: `${t('mail.body', { name: invitee.name, link })}\n---\n\n${tFr('mail.body', { name: invitee.name, link })}`,
    });
    // The one line that shows a link: without SMTP nobody receives the mail, so a demo needs it from here.
    if (!mailer.delivers) log.info({ email: invitee.email, link }, 'invitation mail written to the outbox');
  }
  return { user, link };
}

/** The invited user behind a token that is unused and unexpired, or null. */
export async function findOpenInvitation(db: Database, token: string) {
  const [row] = await db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(
      and(
        eq(invitations.tokenHash, hashSecretToken(token)),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

/** Uses the invitation once: sets name and password and activates the user; null if it was not open. */
export async function acceptInvitation(
  db: Database,
  token: string,
  { name, password }: { name: string; password: string },
): Promise<string | null> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(invitations)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(invitations.tokenHash, hashSecretToken(token)),
          isNull(invitations.usedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .returning({ userId: invitations.userId });
    if (!used) return null;
    await tx.update(users).set({ name, passwordHash, status: 'active' }).where(eq(users.id, used.userId));
    return used.userId;
  });
}
