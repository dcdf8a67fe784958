// The audit log page on the real server: a supervisor with can_view_audit_log opens it from the menu, reads their
// own sign-in and an API key created just before, narrows the list to one action, and exports it as CSV; a
// supervisor without the flag has no entry and no page; French at a phone's width.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { demo, expect, expectFitsWidth, loginAs, mainMenu, test } from './fixtures';
import { heading, unique } from './management/helpers';

const entries = (page: Page) => page.getByTestId('audit-entry');

test('a supervisor reads the audit log, narrows it to one action and exports it', async ({ page, apiAs }) => {
  const supervisor = await apiAs(demo.supervisor);
  const name = `Audited key ${unique()}`;
  await supervisor.post('/organisations/019a0000-0000-7000-8000-000000000001/api-keys', {
    name,
    scopes: ['dashboards:read'],
  });
  await loginAs(page, demo.supervisor);
  await mainMenu(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(heading(page, 'Audit log')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /^The chain of \d+ entries is intact\.$/ }),
  ).toBeVisible();
  await expect(entries(page).filter({ hasText: 'Signed in' }).first()).toBeVisible();

  await page.getByLabel('Action').selectOption({ label: 'API key created' });
  await expect(entries(page).first()).toContainText(name);
  await expect(entries(page).filter({ hasNotText: 'API key created' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^Demo Contact Center audit log \d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await csv.path()) as string, 'utf8');
  expect(text).toContain('api_key.created');
  expect(text).toContain(name);
  expect(text).not.toContain('auth.sign_in');
});

test('a supervisor without can_view_audit_log has no audit log', async ({ page }) => {
  await loginAs(page, demo.supervisor2);
  await expect(mainMenu(page).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await page.goto('/audit-log');
  await expect(page.getByText('Page not found')).toBeVisible();
});

test.describe('in French at a phone width', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });

  test('the audit log filters by action and fits the screen', async ({ page }) => {
    await loginAs(page, demo.supervisor, { path: '/audit-log', shell: false });
    await expect(heading(page, 'Journal d’audit')).toBeVisible();
    await page.getByLabel('Action').selectOption({ label: 'Connexion' });
    await expect(entries(page).first()).toContainText('Connexion');
    await expect(entries(page).filter({ hasNotText: 'Connexion' })).toHaveCount(0);
    await expectFitsWidth(page, 390, [
      page.getByLabel('Action'),
      page.getByRole('textbox', { name: 'Du' }),
      page.getByRole('button', { name: 'Exporter en CSV' }),
      entries(page).first(),
    ]);
  });
});
