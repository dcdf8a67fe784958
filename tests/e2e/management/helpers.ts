// Helpers of the management specs (organisations, users, campaigns and access): the landmarks of their screens,
// unique names, and the set-up the UI cannot do, through the real API.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, type ApiSession, type ApiUser } from '../fixtures';

/** A suffix no other test run or test uses, so that records created here never collide. */
export const unique = (): string => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

export const heading = (page: Page, name: string | RegExp): Locator =>
  page.getByRole('heading', { level: 1, name });

/** A list screen's table, named by its caption. */
export const table = (page: Page, name: string): Locator => page.getByRole('table', { name, exact: true });

/** The body rows of a table (its header row aside). */
export const bodyRows = (list: Locator): Locator => list.locator('tbody tr');

/** The body row of a table that mentions `text`. */
export const rowOf = (list: Locator, text: string): Locator => bodyRows(list).filter({ hasText: text });

/** The first cell of every body row, in the order shown. */
export const firstCells = (list: Locator): Locator => list.locator('tbody tr td:first-child');

/** A titled card of a page (Section), found by its heading. */
export const section = (page: Page, title: string): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

export const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

/** The value shown under a term of a definition list (the campaign overview, a user's profile). */
export const definition = (page: Page, term: string): Locator =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

export interface ApiCampaign {
  id: string;
  name: string;
  description: string;
  language: 'en' | 'fr';
  member_count: number;
  my_role: 'owner' | 'editor' | 'viewer' | null;
}

/** Deletes the caller's campaigns whose name contains `marker` (the ones a test created in the demo organisation). */
export async function deleteCampaigns(session: ApiSession, marker: string): Promise<void> {
  const { items } = await session.get<{ items: ApiCampaign[] }>(
    `/campaigns?limit=200&q=${encodeURIComponent(marker)}`,
  );
  for (const campaign of items.filter((item) => item.name.includes(marker))) {
    await session.delete(`/campaigns/${campaign.id}`);
  }
}

export const invitedPassword = 'a-long-enough-password';

/** Uses an invitation link the way its form does: name, password twice; the invitee is then active. */
export async function acceptInvitation(
  request: APIRequestContext,
  link: string,
  name: string,
  password = invitedPassword,
): Promise<void> {
  const url = new URL(link);
  const response = await request.post(url.pathname, {
    form: { name, password, confirm_password: password },
    headers: { origin: url.origin },
    maxRedirects: 0,
  });
  expect(response.status(), `accepting the invitation of ${name}`).toBe(303);
}

/** A new organisation with one supervisor who accepted their invitation, made by an admin through the API. */
export async function organisationWithSupervisor(
  admin: ApiSession,
  request: APIRequestContext,
  suffix: string,
): Promise<{ organisation: { id: string; name: string }; supervisor: ApiUser }> {
  const organisation = await admin.post<{ id: string; name: string }>('/organisations', {
    name: `E2E Org ${suffix}`,
  });
  const name = `Nadia Supervisor ${suffix}`;
  const invited = await admin.post<{ user: ApiUser; invitation_url: string | null }>(
    `/organisations/${organisation.id}/users/invite?send_invite_email=false`,
    { name, email: `nadia.${suffix}@e2e.example`, role: 'supervisor' },
  );
  if (!invited.invitation_url) throw new Error('No invitation link came back');
  await acceptInvitation(request, invited.invitation_url, name);
  return { organisation, supervisor: invited.user };
}
