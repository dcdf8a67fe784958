// Logging in: opening the app without a session leads to the login page and back; each role lands on its home
// with its own left menu; the app speaks French to a French browser.
import {
  adminMenu,
  demo,
  expect,
  loginAs,
  mainMenu,
  menuEntries,
  plainSupervisorMenu,
  submitLogin,
  test,
} from './fixtures';

test('opening the app without a session goes to the login page and back to the same page once logged in', async ({
  page,
}) => {
  await page.goto('/campaigns');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/\/campaigns$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await submitLogin(page, demo.supervisor.email, 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');

  await submitLogin(page, demo.supervisor.email);
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(mainMenu(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // A reload keeps the session: the refresh cookie gives a new access token.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns$/);

  await mainMenu(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
});

test('a normal start logs no console error: no session, then logged in, then reloaded', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await loginAs(page, demo.supervisor);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('leaving pages while they still refresh their token keeps the session', async ({ page }) => {
  await loginAs(page, demo.supervisor, { path: '/campaigns' });
  // Each page refreshes its token as it starts; the next navigation drops that answer (the new cookie).
  for (let round = 0; round < 10; round += 1) {
    await page.goto('/campaigns');
    await page.goto('/profile');
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
});

test.describe('each role lands on its home with its own menu', () => {
  test('admin: Admin, Organisations, Campaigns, Users, Reviews, Profile, and no notifications', async ({
    page,
  }) => {
    await loginAs(page, demo.admin);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    await expect(menuEntries(page)).toHaveText(adminMenu);
    await expect(mainMenu(page).getByRole('button', { name: /Notifications/ })).toHaveCount(0);
  });

  test('supervisor with every permission and coaching: Home … Usage, Coaching, Reviews, Notifications, Profile', async ({
    page,
  }) => {
    await loginAs(page, demo.supervisor);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(menuEntries(page)).toHaveText([
      'Home',
      'Campaigns',
      'Organization',
      'Usage',
      'Audit log',
      'API keys',
      'Coaching',
      'Reviews',
      /^Notifications/,
      'Profile',
    ]);
  });

  test('supervisor without permissions: no Usage, no Coaching', async ({ page }) => {
    await loginAs(page, demo.supervisor2);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(menuEntries(page)).toHaveText(plainSupervisorMenu);
  });

  test('agent: Home, Campaigns, Notifications, Profile; no Organization', async ({ page }) => {
    await loginAs(page, demo.agent);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(menuEntries(page)).toHaveText(['Home', 'Campaigns', /^Notifications/, 'Profile']);
    await expect(mainMenu(page).getByRole('link', { name: 'Organization' })).toHaveCount(0);
  });
});

test.describe('with a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('the login page, the menu and the fixed pages speak French', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await page.getByLabel('E-mail').fill(demo.agent.email);
    await page.getByLabel('Mot de passe').fill('mauvais-mot-de-passe');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toHaveText('E-mail ou mot de passe incorrect.');
    await submitLogin(page, demo.agent.email);

    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('list').getByRole('listitem')).toHaveText([
      'Accueil',
      'Campagnes',
      /^Notifications/,
      'Profil',
    ]);
    await expect(page.getByRole('heading', { level: 1, name: 'Accueil' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Garder le menu ouvert' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.goto('/page-qui-n-existe-pas');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Accueil' })).toBeVisible();
  });
});
