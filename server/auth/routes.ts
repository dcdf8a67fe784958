// The login service under /auth: sign-in page, refresh-token rotation, logout, token exchange, invitations.
// It authenticates with the HttpOnly refresh cookie only, never with a bearer token.
import { readFile } from 'node:fs/promises';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessTokenResponseSchema, passwordLength, tokenExchangeSchema } from '../../contract/auth';
import { errorResponseSchema } from '../../contract/common';
import { emailSchema } from '../../contract/users';
import { Forbidden, Invalid, NotFound, Unauthenticated } from '../errors';
import { holdsUnstorableText } from '../plugins/reject-unstorable-text';
import { anonymousSource } from '../audit-log/source';
import { recordAccountEvent } from './audit';
import { requestLanguage, translator } from './i18n';
import { acceptInvitation, findOpenInvitation } from './invitations';
import { findAccountByEmail } from './invitations-store';
import { clearLoginAttempts, recordLoginAttempt, throttleKey } from './login-throttle-store';
import { existingAccountPage, invalidInvitationPage, invitationPage, loginPage } from './pages';
import { verifyPasswordOrDecoy } from './passwords';
import { assertSameOrigin, resolveRedirect } from './request-guards';
import { findAccount } from '../plugins/accounts-store';

export const refreshCookieName = 'qm_refresh';

const styleSheet = await readFile(new URL('./style.css', import.meta.url), 'utf8');

const pageSecurityHeaders = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};

const languageQuery = z.object({ lang: z.enum(['en', 'fr']).optional() });
const loginQuery = languageQuery.extend({ redirect: z.string().max(2048).optional() });
const loginForm = z.object({
  email: z.string().max(254),
  password: z.string().max(passwordLength.max),
  redirect: z.string().max(2048).optional(),
});
/** The key a browser gives each refresh request, and gives again when it retries one whose answer it lost. */
const refreshHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{16,128}$/)
    .optional(),
});
const invitationParams = z.object({ token: z.string().min(1).max(128) });
const invitationForm = z.object({
  name: z.string().max(500).default(''),
  password: z.string().max(1000).default(''),
  confirm_password: z.string().max(1000).default(''),
});

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db, tokens, sessions } = app.context;

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).headers(pageSecurityHeaders).type('text/html; charset=utf-8').send(html);

  const setRefreshCookie = (reply: FastifyReply, refreshToken: string) =>
    reply.setCookie(refreshCookieName, refreshToken, {
      path: '/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure: config.publicUrl.startsWith('https:'),
      maxAge: config.refreshTokenTtlSeconds,
    });

  const refreshCookie = (request: FastifyRequest) => request.cookies[refreshCookieName];

  /** A form field as typed, if it is text that can be shown again (a NUL character cannot). */
  const formField = (request: FastifyRequest, name: string): string | undefined => {
    const value = (request.body as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' && !holdsUnstorableText(value) ? value : undefined;
  };

  // A person who submits a form answers to a page, not JSON: a typed `Invalid` (such as a NUL character,
  // refused for every route before validation) shows the form again with its message. Anything else goes on
  // to the app's error handler.
  const loginFormError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (!(error instanceof Invalid)) throw error;
    const language = requestLanguage(request);
    const t = translator(language);
    const redirect = resolveRedirect(formField(request, 'redirect'), config.publicUrl);
    const email = formField(request, 'email')?.trim().toLowerCase();
    return sendPage(reply, 400, loginPage({ language, t, redirect, email, error: t('invalidForm') }));
  };

  const invitationFormError = async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (!(error instanceof Invalid)) throw error;
    const language = requestLanguage(request);
    const t = translator(language);
    const { token } = request.params as { token: string };
    const invitation = holdsUnstorableText(token) ? undefined : await findOpenInvitation(db, token);
    if (!invitation)
      return sendPage(
        reply,
        400,
        invalidInvitationPage(language, t, holdsUnstorableText(token) ? '' : token),
      );
    const name = formField(request, 'name')?.trim() ?? '';
    const errors = [t('invalidForm')];
    return sendPage(
      reply,
      400,
      invitationPage({ language, t, token, email: invitation.email, name, errors }),
    );
  };

  app.get('/assets/style.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(styleSheet),
  );

  app.get('/login', { schema: { querystring: loginQuery, hide: true } }, async (request, reply) => {
    const language = requestLanguage(request);
    const redirect = resolveRedirect(request.query.redirect, config.publicUrl);
    return sendPage(reply, 200, loginPage({ language, t: translator(language), redirect }));
  });

  app.post(
    '/login',
    { schema: { querystring: languageQuery, body: loginForm, hide: true }, errorHandler: loginFormError },
    async (request, reply) => {
      assertSameOrigin(request, config.publicUrl);
      const language = requestLanguage(request);
      const t = translator(language);
      const redirect = resolveRedirect(request.body.redirect, config.publicUrl);
      const email = request.body.email.trim().toLowerCase();
      const key = throttleKey(email, request.ip);
      const page = (status: number, error: string) =>
        sendPage(reply, status, loginPage({ language, t, redirect, email, error }));

      const parsedEmail = emailSchema.safeParse(email);
      const user = parsedEmail.success ? await findAccountByEmail(db, parsedEmail.data) : null;
      const locked = await recordLoginAttempt(db, key);
      if (locked > 0) {
        if (user) await recordAccountEvent(db, request, user, 'auth.sign_in_failed', { reason: 'throttled' });
        reply.header('retry-after', String(locked));
        return page(429, t('login.throttled', { count: Math.ceil(locked / 60) }));
      }

      const valid = await verifyPasswordOrDecoy(user?.passwordHash, request.body.password);
      if (!user || !valid) {
        if (user) await recordAccountEvent(db, request, user, 'auth.sign_in_failed', { reason: 'password' });
        return page(401, t('login.invalidCredentials'));
      }
      await clearLoginAttempts(db, key);
      await recordAccountEvent(db, request, user, 'auth.sign_in', { method: 'password' });
      const session = await sessions.start(user.id);
      setRefreshCookie(reply, session.refreshToken);
      request.log.info({ userId: user.id }, 'user logged in');
      return reply.redirect(redirect, 303);
    },
  );

  app.post(
    '/token/refresh',
    {
      schema: {
        operationId: 'refreshToken',
        headers: refreshHeaders,
        response: {
          200: accessTokenResponseSchema,
          204: z.null().describe('No refresh cookie: this browser has not signed in'),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, config.publicUrl);
      const presented = refreshCookie(request);
      // A browser that never signed in is a normal start, not an error (its page would log a failed request).
      if (!presented) return reply.code(204).send(null);
      const session = await sessions.rotate(presented, request.headers['idempotency-key']);
      if (session && 'reuseOf' in session) {
        const account = await findAccount(db, session.reuseOf);
        if (account) await recordAccountEvent(db, request, account, 'auth.refresh_reuse_detected');
      }
      if (!session || 'reuseOf' in session) {
        reply.clearCookie(refreshCookieName, { path: '/auth' });
        throw new Unauthenticated('Session expired, please log in again');
      }
      setRefreshCookie(reply, session.refreshToken);
      return { access_token: await tokens.issue(session.userId), expires_in: tokens.ttlSeconds };
    },
  );

  app.post('/logout', { schema: { operationId: 'logout' } }, async (request, reply) => {
    assertSameOrigin(request, config.publicUrl);
    const presented = refreshCookie(request);
    const userId = presented ? await sessions.end(presented) : null;
    const account = userId ? await findAccount(db, userId) : undefined;
    if (account) await recordAccountEvent(db, request, account, 'auth.sign_out');
    return reply.clearCookie(refreshCookieName, { path: '/auth' }).code(204).send();
  });

  app.post(
    '/token',
    {
      schema: {
        operationId: 'exchangeToken',
        body: tokenExchangeSchema,
        response: { 200: accessTokenResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      assertSameOrigin(request, config.publicUrl);
      const presented = refreshCookie(request);
      const adminId = presented && (await sessions.userOf(presented));
      if (!adminId) throw new Unauthenticated('Session expired, please log in again');
      const admin = await findAccount(db, adminId);
      if (!admin?.isAdmin || admin.status !== 'active') {
        throw new Forbidden('Only a platform admin can log in as another user');
      }
      const target = await findAccount(db, request.body.userId);
      if (!target) throw new NotFound('User');
      await recordAccountEvent(
        db,
        request,
        target,
        'auth.impersonation_started',
        {},
        anonymousSource(request, admin),
      );
      request.log.info({ adminId, userId: target.id }, 'admin logged in as another user');
      return { access_token: await tokens.issue(target.id, adminId), expires_in: tokens.ttlSeconds };
    },
  );

  app.get(
    '/invitations/:token',
    { schema: { params: invitationParams, querystring: languageQuery, hide: true } },
    async (request, reply) => {
      const language = requestLanguage(request);
      const t = translator(language);
      const { token } = request.params;
      const invitation = await findOpenInvitation(db, token);
      if (!invitation) return sendPage(reply, 410, invalidInvitationPage(language, t, token));
      if (invitation.hasAccount) return sendPage(reply, 409, existingAccountPage(language, t, token));
      return sendPage(reply, 200, invitationPage({ language, t, token, ...invitation }));
    },
  );

  app.post(
    '/invitations/:token',
    {
      schema: { params: invitationParams, querystring: languageQuery, body: invitationForm, hide: true },
      errorHandler: invitationFormError,
    },
    async (request, reply) => {
      assertSameOrigin(request, config.publicUrl);
      const language = requestLanguage(request);
      const t = translator(language);
      const { token } = request.params;
      const invitation = await findOpenInvitation(db, token);
      if (!invitation) return sendPage(reply, 410, invalidInvitationPage(language, t, token));
      if (invitation.hasAccount) return sendPage(reply, 409, existingAccountPage(language, t, token));

      const name = request.body.name.trim();
      const { password } = request.body;
      const errors = [
        name.length === 0 || name.length > 120 ? t('invitation.errors.nameRequired') : null,
        password.length < passwordLength.min
          ? t('invitation.errors.passwordTooShort', { min: passwordLength.min })
          : null,
        password.length > passwordLength.max
          ? t('invitation.errors.passwordTooLong', { max: passwordLength.max })
          : null,
        password !== request.body.confirm_password ? t('invitation.errors.passwordMismatch') : null,
      ].filter((error): error is string => error !== null);
      if (errors.length > 0) {
        return sendPage(
          reply,
          422,
          invitationPage({ language, t, token, email: invitation.email, name, errors }),
        );
      }

      const acceptance = await acceptInvitation(db, token, { name, password });
      if (acceptance.outcome === 'closed') {
        return sendPage(reply, 410, invalidInvitationPage(language, t, token));
      }
      // Another organisation's invitation to this address was accepted since the check above.
      if (acceptance.outcome === 'hasAccount') {
        return sendPage(reply, 409, existingAccountPage(language, t, token));
      }
      const { userId } = acceptance;
      const session = await sessions.start(userId);
      setRefreshCookie(reply, session.refreshToken);
      request.log.info({ userId }, 'invitation accepted');
      return reply.redirect(`${config.publicUrl}/`, 303);
    },
  );
}
