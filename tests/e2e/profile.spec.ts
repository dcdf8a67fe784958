// The profile: changing the name and the language of the app, saved on the server and kept after a reload.
import { demo, expect, loginAs, mainMenu, test, toasts, type ApiUser } from './fixtures';

test('changing the name and choosing Français saves the profile and switches the app to French, for good', async ({
  page,
  apiAs,
}) => {
  // Two sign-ins, a save that switches the language and a reload: 20 s on a quiet machine, near the 30 s default.
  test.slow();
  const admin = await apiAs(demo.admin);
  const userId = await admin.userId(demo.agent2);
  const newName = 'Emma Durand-Lefèvre';
  try {
    await loginAs(page, demo.agent2);
    await mainMenu(page).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(demo.agent2.name);
    await expect(page.getByLabel('Email')).toHaveValue(demo.agent2.email);
    await expect(page.getByLabel('Role')).toHaveValue('Agent');
    await expect(page.getByLabel('Language')).toHaveValue('browser');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    // An empty name is refused before anything is sent.
    await page.getByLabel('Name').fill('   ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter your name.' })).toBeVisible();

    await page.getByLabel('Name').fill(newName);
    await page.getByLabel('Language').selectOption({ label: 'Français' });
    await page.getByRole('button', { name: 'Save' }).click();

    // The toast said on saving follows the switch to French.
    await expect(toasts(page).getByText('Profil enregistré.')).toBeVisible();
    await expect(toasts(page).getByText('Profile saved.')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expect(page.getByLabel('Nom')).toHaveValue(newName);
    await expect(page.getByLabel('Langue')).toHaveValue('fr');

    const saved = await admin.get<ApiUser>(`/users/${userId}`);
    expect(saved).toMatchObject({ name: newName, language: 'fr' });

    await page.reload();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('list').getByRole('listitem')).toHaveText([
      'Accueil',
      'Campagnes',
      /^Notifications/,
      'Profil',
    ]);
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    await expect(page.getByLabel('Nom')).toHaveValue(newName);
    await expect(page.getByLabel('Langue')).toHaveValue('fr');
  } finally {
    await admin.patch(`/users/${userId}`, { name: demo.agent2.name, language: null });
  }
});
