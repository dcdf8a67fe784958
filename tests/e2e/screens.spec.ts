// The screens as a new user meets them (issue 7): unknown organisations are not found, the platform admin is
// not an organisation role, viewers are offered only what they may do, duplicates are said in the user's
// words, every page names its tab, keyboard and screen-reader basics, narrow lists, and the favicon.
import type { Page } from '@playwright/test';
import { demo, expect, loginAs, mainMenu, test, toasts } from './fixtures';
import { dialog, heading, rowOf, section, table, type ApiCampaign } from './management/helpers';

const unknownId = '0e9c9c1e-1111-4111-8111-111111111111';

/** The demo organisation's id, from the admin's list. */
async function demoOrganisationId(page: Page): Promise<string> {
  await mainMenu(page).getByRole('link', { name: 'Organisations' }).click();
  const link = table(page, 'Organisations').getByRole('link', { name: 'Demo Contact Center' });
  const href = await link.getAttribute('href');
  return (/\/organisations\/([^/]+)/.exec(href ?? '') as RegExpExecArray)[1] as string;
}

test('an unknown organisation shows the not-found page, with no invite or new-campaign action', async ({
  page,
}) => {
  await loginAs(page, demo.admin, { path: `/organisations/${unknownId}/users` });
  for (const path of ['users', 'campaigns', 'campaigns/create']) {
    await page.goto(`/organisations/${unknownId}/${path}`);
    await expect(heading(page, 'Page not found')).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Quality Monitoring');
    await expect(page.getByRole('button', { name: 'Invite a user' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New campaign' })).toHaveCount(0);
    await expect(page.getByLabel('Name')).toHaveCount(0);
    await expect(page.getByText('This could not be loaded.')).toHaveCount(0);
  }
});

test('the platform admin is "Platform admin" in organisation lists and the add-member dialog, never a role to change', async ({
  page,
  browser,
  apiAs,
}) => {
  await loginAs(page, demo.admin);
  const organisationId = await demoOrganisationId(page);
  await page.goto(`/organisations/${organisationId}/users`);
  const users = table(page, 'Users');
  const adminRow = rowOf(users, demo.admin.email);
  await expect(adminRow).toContainText('Platform admin');
  await expect(adminRow.getByRole('combobox')).toHaveCount(0);
  await expect(rowOf(users, demo.supervisor.email).getByRole('combobox')).toHaveValue('supervisor');

  const campaigns = await (await apiAs(demo.supervisor)).get<{ items: ApiCampaign[] }>('/campaigns');
  const customerCare = campaigns.items.find((campaign) => campaign.name === 'Customer Care') as ApiCampaign;
  const supervisorPage = await (await browser.newContext()).newPage();
  await loginAs(supervisorPage, demo.supervisor, { path: `/campaigns/${customerCare.id}/settings` });
  await supervisorPage.getByRole('button', { name: 'Add a user' }).click();
  const addMember = dialog(supervisorPage, 'Add a user to Customer Care');
  const options = addMember.getByLabel('User', { exact: true }).locator('option');
  await expect(options.filter({ hasText: demo.admin.email })).toHaveText(
    `${demo.admin.name} — ${demo.admin.email} (Platform admin)`,
  );
  await supervisorPage.context().close();
});

test('a viewer is not offered uploads or a new alert; the owner is', async ({ page, browser, apiAs }) => {
  const campaigns = await (await apiAs(demo.supervisor2)).get<{ items: ApiCampaign[] }>('/campaigns');
  const viewed = campaigns.items.find((campaign) => campaign.my_role === 'viewer') as ApiCampaign;
  const sections = page.getByRole('navigation', { name: 'Campaign sections' });

  await loginAs(page, demo.supervisor2, { path: `/campaigns/${viewed.id}` });
  await expect(sections.getByRole('link', { name: 'Alerts' })).toBeVisible();
  for (const name of ['Upload calls', 'Upload chats', 'Upload emails', 'New alert']) {
    await expect(sections.getByRole('link', { name })).toHaveCount(0);
  }

  const owner = await (await browser.newContext()).newPage();
  await loginAs(owner, demo.supervisor, { path: `/campaigns/${viewed.id}` });
  const ownerSections = owner.getByRole('navigation', { name: 'Campaign sections' });
  for (const name of ['Upload calls', 'New alert']) {
    await expect(ownerSections.getByRole('link', { name })).toBeVisible();
  }
  await owner.context().close();
});

test('inviting an address that already has an account says so on the email field; the dialog starts on its first field', async ({
  page,
}) => {
  await loginAs(page, demo.admin);
  const organisationId = await demoOrganisationId(page);
  await page.goto(`/organisations/${organisationId}/users`);
  await page.getByRole('button', { name: 'Invite a user' }).click();
  const invite = dialog(page, 'Invite a user');
  await expect(invite.getByLabel('Full name')).toBeFocused();
  await invite.getByLabel('Full name').fill('Lucas Again');
  await invite.getByLabel('Email', { exact: true }).fill(demo.agent.email);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByRole('alert')).toHaveText(
    'This address already has an account in this organisation.',
  );
  await expect(invite.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(toasts(page).getByText('The invitation could not be created.')).toHaveCount(0);
});

test('every page names its browser tab', async ({ page }) => {
  await loginAs(page, demo.supervisor);
  await expect(page).toHaveTitle('Home · Quality Monitoring');
  await mainMenu(page).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveTitle('Campaigns · Quality Monitoring');
  await mainMenu(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveTitle('Profile · Quality Monitoring');
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page not found · Quality Monitoring');
});

test.describe('with a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('every page names its browser tab in French', async ({ page }) => {
    await loginAs(page, demo.supervisor, { shell: false });
    await expect(page).toHaveTitle('Accueil · Quality Monitoring');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Campagnes' })
      .click();
    await expect(page).toHaveTitle('Campagnes · Quality Monitoring');
    await page.goto('/no-such-page');
    await expect(page).toHaveTitle('Page introuvable · Quality Monitoring');
  });
});

test('a skip link comes first and leads to the content; the logo input has a visible label and focus ring', async ({
  page,
  apiAs,
}) => {
  const campaigns = await (await apiAs(demo.supervisor)).get<{ items: ApiCampaign[] }>('/campaigns');
  const owned = campaigns.items.find((campaign) => campaign.my_role === 'owner') as ApiCampaign;
  await loginAs(page, demo.supervisor, { path: `/campaigns/${owned.id}/settings` });

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#content')).toBeFocused();

  const logoInput = page.getByLabel('Choose a logo…');
  await expect(logoInput).toHaveAttribute('type', 'file');
  await logoInput.focus();
  const label = page.locator(`label[for="${await logoInput.getAttribute('id')}"]`);
  await expect(label).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(logoInput).toBeFocused();
  expect(await label.evaluate((node) => getComputedStyle(node).outlineStyle)).toBe('solid');
});

test('save buttons follow one rule: disabled until something changed, with a hint', async ({
  page,
  apiAs,
}) => {
  const campaigns = await (await apiAs(demo.supervisor)).get<{ items: ApiCampaign[] }>('/campaigns');
  const owned = campaigns.items.find((campaign) => campaign.my_role === 'owner') as ApiCampaign;
  await loginAs(page, demo.supervisor, { path: '/profile' });
  const hint = 'Nothing to save yet: change a field first.';
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveAccessibleDescription(hint);
  await page.getByLabel('Name').fill(`${demo.supervisor.name} `);
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(page.getByText(hint)).toHaveCount(0);

  await page.goto(`/campaigns/${owned.id}/settings`);
  const save = section(page, 'Details').getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription(hint);
  await page.getByLabel('Description').fill(`${owned.description} (edited)`);
  await expect(save).toBeEnabled();
});

test('at 390 px an organisation’s users are cards: every role and action on screen, nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, demo.admin, { path: '/organisations' });
  const organisationId = await demoOrganisationId(page);
  await page.goto(`/organisations/${organisationId}/users`);
  const row = rowOf(table(page, 'Users'), demo.supervisor.email);
  const role = row.getByRole('combobox', { name: `Role of ${demo.supervisor.name}` });
  await expect(role).toBeVisible();
  expect((await role.boundingBox())?.width).toBeGreaterThan(100);
  for (const control of [role, row.getByRole('button', { name: 'Disable' }), row.getByText('Active')]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the favicon is served', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\//);
  expect((await request.get('/favicon.svg')).headers()['content-type']).toMatch(/^image\/svg\+xml/);
});
