// Opening the app without a session leads to the login page and back, signed in, in English and French.
import { expect, test } from '@playwright/test';

test('opening the app redirects to the login page, and logging in comes back with a session', async ({
  page,
}) => {
  await page.goto('/campaigns');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.getByLabel('Email').fill('supervisor@demo.local');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');

  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByText('Signed in as Sophie Martin')).toBeVisible();

  // A reload keeps the session: the refresh cookie gives a new access token.
  await page.reload();
  await expect(page.getByText('Signed in as Sophie Martin')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login/);
});

test.describe('with a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('the login page and the app speak French', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await page.getByLabel('E-mail').fill('agent@demo.local');
    await page.getByLabel('Mot de passe').fill('demo-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Connecté(e) en tant que Lucas Petit')).toBeVisible();
  });
});
