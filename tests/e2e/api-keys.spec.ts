// The API keys page on the real server: a supervisor with can_manage_security creates a key (shown once), which
// then reads a dashboard's filters through the API, and revokes it, after which the same key is refused; French at
// a phone's width.
import type { Page } from '@playwright/test';
import { demo, expect, expectFitsWidth, loginAs, mainMenu, test } from './fixtures';
import { heading, unique } from './management/helpers';

const keyItem = (page: Page, name: string) => page.getByTestId('api-key').filter({ hasText: name });

test('a supervisor creates a key, uses it once, and revokes it', async ({ page, request }) => {
  await loginAs(page, demo.supervisor);
  await mainMenu(page).getByRole('link', { name: 'API keys' }).click();
  await expect(heading(page, 'API keys')).toBeVisible();
  // Away from the menu, which the pointer on it keeps expanded over the page.
  await page.mouse.move(1000, 400);
  const name = `Warehouse ${unique()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel(/dashboards:read/).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^qm_/);
  const key = (await shown.textContent()) as string;
  await expect(keyItem(page, name)).toContainText('Active');
  await expect(keyItem(page, name)).toContainText(key.slice(0, 9));
  await expect(keyItem(page, name)).not.toContainText(key);

  const withKey = () =>
    request.get('/api/dashboards/filters', { headers: { authorization: `Bearer ${key}` } });
  expect((await withKey()).status()).toBe(200);

  page.once('dialog', (dialog) => void dialog.accept());
  await keyItem(page, name).getByRole('button', { name: 'Revoke' }).click();
  await expect(keyItem(page, name)).toContainText('Revoked');
  expect((await withKey()).status()).toBe(401);
});

test.describe('in French at a phone width', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });

  test('the API keys page creates a key and fits the screen', async ({ page }) => {
    await loginAs(page, demo.supervisor, { path: '/settings/api-keys', shell: false });
    await expect(heading(page, 'Clés d’API')).toBeVisible();
    const name = `Entrepôt ${unique()}`;
    await page.getByLabel('Nom').fill(name);
    await page.getByLabel(/conversations:read/).check();
    await page.getByRole('button', { name: 'Créer la clé' }).click();
    await expect(page.getByText('Copiez cette clé maintenant : elle ne sera plus affichée.')).toBeVisible();
    await expect(keyItem(page, name)).toContainText('Active');
    await expectFitsWidth(page, 390, [
      page.getByLabel('Nom'),
      page.getByRole('button', { name: 'Créer la clé' }),
      keyItem(page, name).getByRole('button', { name: 'Révoquer' }),
    ]);
  });
});
