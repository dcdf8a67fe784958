// The login service's HTML pages: sign-in, invitation acceptance, and the notices for links that cannot be accepted.
import type { TFunction } from 'i18next';
import { passwordLength } from '../../contract/auth';
import type { Language } from '../../contract/enums';

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string,
  );

interface Layout {
  language: Language;
  t: TFunction;
  title: string;
  /** The current page's URL without `lang`, to build the language switch links. */
  languageSwitchPath: string;
  body: string;
}

function layout({ language, t, title, languageSwitchPath, body }: Layout): string {
  const separator = languageSwitchPath.includes('?') ? '&' : '?';
  const switchLink = (target: Language, label: string) =>
    target === language
      ? `<span aria-current="true">${label}</span>`
      : `<a href="${escapeHtml(`${languageSwitchPath}${separator}lang=${target}`)}" hreflang="${target}" lang="${target}">${label}</a>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(t('product'))}</title>
<link rel="stylesheet" href="/auth/assets/style.css">
</head>
<body>
<main class="card">
<header class="brand"><span class="logo" aria-hidden="true">QM</span><div><p class="product">${escapeHtml(t('product'))}</p><p class="tagline">${escapeHtml(t('tagline'))}</p></div></header>
${body}
<nav class="languages" aria-label="${escapeHtml(t('language'))}">${switchLink('en', 'English')}${switchLink('fr', 'Français')}</nav>
</main>
</body>
</html>`;
}

const errorBlock = (message: string | undefined) =>
  message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : '';

export interface LoginPage {
  language: Language;
  t: TFunction;
  redirect: string;
  email?: string;
  error?: string;
}

export function loginPage({ language, t, redirect, email = '', error }: LoginPage): string {
  return layout({
    language,
    t,
    title: t('login.title'),
    languageSwitchPath: `/auth/login?redirect=${encodeURIComponent(redirect)}`,
    body: `<h1>${escapeHtml(t('login.title'))}</h1>
<p class="subtitle">${escapeHtml(t('login.subtitle'))}</p>
${errorBlock(error)}
<form method="post" action="/auth/login?lang=${language}">
<input type="hidden" name="redirect" value="${escapeHtml(redirect)}">
<label for="email">${escapeHtml(t('login.email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${email ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t('login.password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${email ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(t('login.submit'))}</button>
</form>`,
  });
}

export interface InvitationPage {
  language: Language;
  t: TFunction;
  token: string;
  email: string;
  name: string;
  errors?: string[];
}

export function invitationPage({ language, t, token, email, name, errors = [] }: InvitationPage): string {
  const path = `/auth/invitations/${encodeURIComponent(token)}`;
  return layout({
    language,
    t,
    title: t('invitation.title'),
    languageSwitchPath: path,
    body: `<h1>${escapeHtml(t('invitation.title'))}</h1>
<p class="subtitle">${escapeHtml(t('invitation.subtitle', { email }))}</p>
${errors.map(errorBlock).join('\n')}
<form method="post" action="${path}?lang=${language}">
<label for="name">${escapeHtml(t('invitation.name'))}</label>
<input id="name" name="name" type="text" autocomplete="name" required maxlength="120" value="${escapeHtml(name)}">
<label for="password">${escapeHtml(t('invitation.password'))}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${passwordLength.min}" maxlength="${passwordLength.max}" aria-describedby="password-hint">
<p id="password-hint" class="hint">${escapeHtml(t('invitation.passwordHint', { min: passwordLength.min }))}</p>
<label for="confirm_password">${escapeHtml(t('invitation.confirmPassword'))}</label>
<input id="confirm_password" name="confirm_password" type="password" autocomplete="new-password" required>
<button type="submit">${escapeHtml(t('invitation.submit'))}</button>
</form>`,
  });
}

export function invalidInvitationPage(language: Language, t: TFunction, token: string): string {
  return layout({
    language,
    t,
    title: t('invitation.invalidTitle'),
    languageSwitchPath: `/auth/invitations/${encodeURIComponent(token)}`,
    body: `<h1>${escapeHtml(t('invitation.invalidTitle'))}</h1>
<p class="subtitle">${escapeHtml(t('invitation.invalidBody'))}</p>`,
  });
}

/** For an invitation to an address that has an account already: nothing to activate, sign in with that account. */
export function existingAccountPage(language: Language, t: TFunction, token: string): string {
  return layout({
    language,
    t,
    title: t('invitation.existingAccountTitle'),
    languageSwitchPath: `/auth/invitations/${encodeURIComponent(token)}`,
    body: `<h1>${escapeHtml(t('invitation.existingAccountTitle'))}</h1>
<p class="subtitle">${escapeHtml(t('invitation.existingAccountBody'))}</p>
<p><a href="/auth/login?lang=${language}">${escapeHtml(t('invitation.signIn'))}</a></p>`,
  });
}
