// Invitations: a single-use link, valid 72 hours, stored hashed, that lets an invited user set a password.
// An address has one account at most but may be invited by several organisations: inviting never tells the inviter
// whether the address has an account elsewhere; only its owner learns it, from the mail and the link's page.
import type { FastifyBaseLogger } from 'fastify';
import type { UserRole } from '../../contract/enums';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import type { users } from '../db/schema';
import { Conflict } from '../errors';
import type { Mailer } from '../mail/mailer';
import { appendAuditEntry, type AuditSource } from '../audit-log/store';
import { translator } from './i18n';
import {
  findAccountByEmail,
  findOpenInvitee,
  insertInvitation,
  insertInvitedUser,
  useInvitation,
  type Acceptance,
} from './invitations-store';
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
  /** Who invites, for the audit entry written with the invitation. */
  audit: AuditSource;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * Creates the invited user and its invitation, then mails the link unless told not to (and logs it when the mail
 * only goes to the outbox); resolves to the new user and the link, for whoever hands it over when no mail was sent.
 * The answer is the same whether or not the address has an account in another organisation; only the mail differs.
 */
export async function inviteUser(
  { db, audit, mailer, log, publicUrl }: InvitationContext,
  invitee: Invitee,
  { sendEmail = true }: { sendEmail?: boolean } = {},
): Promise<{ user: typeof users.$inferSelect; link: string }> {
  const userId = newId();
  const token = newSecretToken();
  const user = await db.transaction(async (tx) => {
    const invited = await insertInvitedUser(tx, userId, invitee);
    if (!invited) throw new Conflict('This address already has an account in this organisation');
    await insertInvitation(
      tx,
      hashSecretToken(token),
      userId,
      new Date(Date.now() + invitationTtlHours * 3600 * 1000),
    );
    if (invitee.organisationId) {
      await appendAuditEntry(tx, audit, {
        organisationId: invitee.organisationId,
        action: 'user.invited',
        target: { type: 'user', id: userId },
        details: { email: invitee.email, name: invitee.name, role: invitee.role, send_email: sendEmail },
      });
    }
    return invited;
  });
  const link = `${publicUrl}/auth/invitations/${token}`;
  log.info({ userId }, 'invitation created');
  if (sendEmail) {
    const hasAccount = (await findAccountByEmail(db, invitee.email)) !== null;
    const body = hasAccount ? 'mail.existingAccountBody' : 'mail.body';
    const t = translator('en');
    const tFr = translator('fr');
    await mailer.send({
      to: invitee.email,
      subject: `${t('mail.subject')} / ${tFr('mail.subject')}`,
      text: `${t(body, { name: invitee.name, link })}\n---\n\n${tFr(body, { name: invitee.name, link })}`,
    });
    // The one line that shows a link: without SMTP nobody receives the mail, so a demo needs it from here.
    if (!mailer.delivers) log.info({ email: invitee.email, link }, 'invitation mail written to the outbox');
  }
  return { user, link };
}

/** The invited user behind a token that is unused and unexpired, and whether the address has an account; or null. */
export async function findOpenInvitation(db: Database, token: string) {
  const row = await findOpenInvitee(db, hashSecretToken(token));
  if (!row) return null;
  return { ...row, hasAccount: (await findAccountByEmail(db, row.email)) !== null };
}

/** Uses the invitation once: sets name and password and activates the user, unless the address has an account. */
export async function acceptInvitation(
  db: Database,
  token: string,
  { name, password }: { name: string; password: string },
): Promise<Acceptance> {
  return useInvitation(db, hashSecretToken(token), { name, passwordHash: await hashPassword(password) });
}
