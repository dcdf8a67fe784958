// Shared e2e helpers: the demo accounts, logging in through the real login page, the shell's landmarks, and
// API sessions on the same real server for the set-up the UI of this release cannot do yet.
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export { expect };

export const demoPassword = 'demo-password';

/** The demo accounts (server/demo/data.ts) by the name a user sees. */
export const demo = {
  admin: { email: 'admin@demo.local', name: 'Camille Roux' },
  supervisor: { email: 'supervisor@demo.local', name: 'Sophie Martin' },
  supervisor2: { email: 'supervisor2@demo.local', name: 'Thomas Bernard' },
  agent: { email: 'agent@demo.local', name: 'Lucas Petit' },
  agent2: { email: 'agent2@demo.local', name: 'Emma Durand' },
  agent3: { email: 'agent3@demo.local', name: 'Hugo Leroy' },
  agent4: { email: 'agent4@demo.local', name: 'Chloé Moreau' },
} as const;

export type DemoAccount = (typeof demo)[keyof typeof demo];

/** The session-storage key under which a tab keeps the token of a "logged in as another user" session. */
export const impersonationTokenKey = 'qm.impersonationToken';

export const mainMenu = (page: Page): Locator => page.getByRole('navigation', { name: 'Main menu' });

/** The entries of the left menu, in order (their accessible names, visible or not). */
export const menuEntries = (page: Page): Locator => mainMenu(page).getByRole('list').getByRole('listitem');

/** The platform admin's menu, in English. */
export const adminMenu = [
  'Admin',
  'Organisations',
  'Campaigns',
  'Users',
  'Reviews',
  'Audit log',
  'API keys',
  'Profile',
];

/** A supervisor's menu without the usage and coaching permissions, notifications unread or not, in English. */
export const plainSupervisorMenu = [
  'Home',
  'Campaigns',
  'Organization',
  'Reviews',
  /^Notifications/,
  'Profile',
];

/** The toasts the app shows (Sonner's region, named "Messages" in both languages, then its hotkey). */
export const toasts = (page: Page): Locator => page.getByRole('region', { name: /^Messages / });

export const notificationPanel = (page: Page): Locator => page.getByRole('dialog', { name: 'Notifications' });

/** The notifications listed in the open panel (the end marker aside). */
export const panelItems = (page: Page): Locator =>
  notificationPanel(page).getByRole('list').getByRole('button');

/** Fills and submits the login page the browser is on. */
export async function submitLogin(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.getByLabel(/^(Email|E-mail)$/).fill(email);
  await page.getByLabel(/^(Password|Mot de passe)$/).fill(password);
  await page.getByRole('button', { name: /^(Sign in|Se connecter)$/ }).click();
}

/**
 * Opens `path` without a session, logs in through the real login page and waits until the app is back on
 * `path`; by default also until the shell (its left menu) shows.
 */
export async function loginAs(
  page: Page,
  account: DemoAccount,
  { path = '/', shell = true }: { path?: string; shell?: boolean } = {},
): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await submitLogin(page, account.email);
  await expect(page).not.toHaveURL(/\/auth\//);
  if (shell) await expect(mainMenu(page)).toBeVisible();
}

/** At a phone's width: the page itself does not scroll sideways, and each control can be brought fully on screen. */
export async function expectFitsWidth(
  page: Page,
  width: number,
  controls: readonly Locator[],
): Promise<void> {
  const pageWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(pageWidth, 'the page itself does not scroll sideways').toBeLessThanOrEqual(width);
  // Scrolled to again while the page is still laying out (a section arriving above moves the control away).
  for (const control of controls) {
    await expect(async () => {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport({ ratio: 1, timeout: 1000 });
    }).toPass();
  }
}

export interface ApiNotification {
  id: string;
  type: 'MENTIONED_IN_CONVERSATION' | 'ALERT' | 'REVIEWS_ASSIGNED';
  read: boolean;
  created_at: number;
  conversation_id: string;
  campaign_name: string;
  conversation_type: 'call' | 'chat' | 'email';
  agent_name: string | null;
  main_score: number | null;
  excerpt: string | null;
  mentioned_by: { id: string; name: string } | null;
  alert_detail: { type: string; item_name?: string; section_name?: string } | null;
  assignment_count: number | null;
}

export interface ApiUser {
  id: string;
  name: string;
  email: string;
  language: 'en' | 'fr' | null;
  status: 'active' | 'disabled' | 'invited';
}

/** A user's session on the real API: logged in with the login form, then holding a bearer token. */
export class ApiSession {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  private async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    data?: unknown,
  ): Promise<T> {
    const response = await this.request.fetch(`/api${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}` },
      ...(data === undefined ? {} : { data }),
    });
    if (!response.ok()) {
      throw new Error(`${method} /api${path} answered ${response.status()}: ${await response.text()}`);
    }
    // 204 (a deletion) has no body.
    return (response.status() === 204 ? undefined : await response.json()) as T;
  }

  /** Posts a multipart form (an upload): text fields and files. */
  async postForm<T>(
    path: string,
    multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
  ): Promise<T> {
    const response = await this.request.fetch(`/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}` },
      multipart,
    });
    if (!response.ok()) {
      throw new Error(`POST /api${path} answered ${response.status()}: ${await response.text()}`);
    }
    return (await response.json()) as T;
  }

  get = <T>(path: string) => this.call<T>('GET', path);
  post = <T>(path: string, data: unknown) => this.call<T>('POST', path, data);
  put = <T>(path: string, data?: unknown) => this.call<T>('PUT', path, data);
  patch = <T>(path: string, data: unknown) => this.call<T>('PATCH', path, data);
  delete = (path: string) => this.call<void>('DELETE', path);

  async notifications(): Promise<ApiNotification[]> {
    const page = await this.get<{ items: ApiNotification[] }>('/notifications?limit=50');
    return page.items;
  }

  /** The id of a demo user (admin sessions only: the admin's user list). */
  async userId(account: DemoAccount): Promise<string> {
    const page = await this.get<{ items: ApiUser[] }>('/users?limit=100');
    const user = page.items.find((item) => item.email === account.email);
    if (!user) throw new Error(`No user ${account.email}`);
    return user.id;
  }
}

export const test = base.extend<{ apiAs: (account: DemoAccount) => Promise<ApiSession> }>({
  apiAs: async ({ playwright, baseURL }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (account) => {
      const request = await playwright.request.newContext({ baseURL });
      contexts.push(request);
      // The login service refuses cross-site POSTs: say where we come from, as a browser would.
      const origin = { origin: new URL(baseURL as string).origin };
      const login = await request.post('/auth/login', {
        form: { email: account.email, password: demoPassword },
        headers: origin,
        maxRedirects: 0,
      });
      expect(login.status(), `logging in ${account.email}`).toBe(303);
      const refresh = await request.post('/auth/token/refresh', { headers: origin });
      expect(refresh.status(), `token for ${account.email}`).toBe(200);
      const { access_token: token } = (await refresh.json()) as { access_token: string };
      return new ApiSession(request, token);
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  },
});
