// The app shell: logged in as another user, the fixed pages (unauthorized, not found, offline), the left
// menu's hover timing and toggle, and what mobile widths leave out.
import type { Page } from '@playwright/test';
import {
  adminMenu,
  demo,
  expect,
  impersonationTokenKey,
  loginAs,
  mainMenu,
  menuEntries,
  notificationPanel,
  test,
} from './fixtures';

test('an admin logged in as another user sees their menu under a banner, and goes back to their own account', async ({
  page,
  apiAs,
}) => {
  const admin = await apiAs(demo.admin);
  const agentId = await admin.userId(demo.agent);
  await loginAs(page, demo.admin);
  await expect(menuEntries(page).first()).toHaveText('Admin');

  // The UI of this release has no "log in as" screen: the tab does what the app does, with its own cookie.
  const stored = await page.evaluate(
    async ({ userId, key }) => {
      const response = await fetch('/auth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId }),
      });
      if (!response.ok) throw new Error(`POST /auth/token answered ${response.status}`);
      const { access_token: token } = (await response.json()) as { access_token: string };
      sessionStorage.setItem(key, token);
      return token.length > 0;
    },
    { userId: agentId, key: impersonationTokenKey },
  );
  expect(stored).toBe(true);

  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: 'You are logged in as' });
  await expect(banner).toHaveText(/You are logged in as Lucas Petit \(agent@demo\.local\)\./);
  await expect(menuEntries(page)).toHaveText(['Home', 'Campaigns', /^Notifications/, 'Profile']);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // The session belongs to this tab: another reload keeps it.
  await page.reload();
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: 'Back to my account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await expect(menuEntries(page)).toHaveText(adminMenu);
  await expect(page.getByText('You are logged in as')).toHaveCount(0);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), impersonationTokenKey)).toBeNull();
});

test('a disabled user sees the unauthorized page; once re-enabled, the app', async ({ page, apiAs }) => {
  const admin = await apiAs(demo.admin);
  const userId = await admin.userId(demo.agent4);
  await admin.patch(`/users/${userId}`, { status: 'disabled' });
  try {
    await loginAs(page, demo.agent4, { shell: false });
    await expect(page.getByRole('heading', { name: 'Unauthorized.' })).toBeVisible();
    await expect(
      page.getByText(
        'To access this service, you need an invitation. Please contact your administrator to request one.',
      ),
    ).toBeVisible();
    await expect(mainMenu(page)).toHaveCount(0);
  } finally {
    await admin.patch(`/users/${userId}`, { status: 'active' });
  }
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(menuEntries(page)).toHaveText(['Home', 'Campaigns', /^Notifications/, 'Profile']);
});

test('a user disabled during their session gets the unauthorized page at their next step, and can switch account', async ({
  page,
  apiAs,
}) => {
  const admin = await apiAs(demo.admin);
  const userId = await admin.userId(demo.agent4);
  await loginAs(page, demo.agent4);
  // The home's figures and coaching load after its heading: disabled while one is in flight, the user would get the
  // unauthorized page before taking a step.
  await page.waitForLoadState('networkidle');
  await admin.patch(`/users/${userId}`, { status: 'disabled' });
  try {
    await mainMenu(page)
      .getByRole('button', { name: /^Notifications/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Unauthorized.' })).toBeVisible();
    await expect(mainMenu(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Log in with another account' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
  } finally {
    await admin.patch(`/users/${userId}`, { status: 'active' });
  }
});

test('an unknown path and a route the user lacks the permission for show the not-found page', async ({
  page,
  browser,
}) => {
  await loginAs(page, demo.supervisor);
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(mainMenu(page)).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // The supervisor holds can_view_usage: /usage is a page.
  await page.goto('/usage');
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();

  // supervisor2 does not: the same path is not found.
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await loginAs(other, demo.supervisor2, { path: '/usage' });
    await expect(other).toHaveURL(/\/usage$/);
    await expect(other.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(other.getByText('404', { exact: true })).toBeVisible();
    await expect(other.getByRole('heading', { level: 1, name: 'Usage' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('offline, the page stays until the user moves to another route, then the offline screen until back online', async ({
  page,
  context,
}) => {
  await loginAs(page, demo.supervisor);
  // Visit Campaigns once online, so that its screen's code is in the browser (see the next test for why).
  await mainMenu(page).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await mainMenu(page).getByRole('link', { name: 'Home' }).click();
  const home = page.getByRole('heading', { level: 1, name: 'Home' });
  await expect(home).toBeVisible();

  await context.setOffline(true);
  try {
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await expect(home).toBeVisible();
    await expect(page.getByText('You are offline.')).toHaveCount(0);

    await mainMenu(page).getByRole('link', { name: 'Campaigns' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(page.getByRole('heading', { name: 'You are offline.' })).toBeVisible();
    await expect(page.getByText('Please check your internet connection.')).toBeVisible();
    await expect(home).toHaveCount(0);
    await expect(mainMenu(page)).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page.getByText('You are offline.')).toHaveCount(0);
});

test('a screen first opened offline shows once back online', async ({ page, context }) => {
  await loginAs(page, demo.supervisor);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await context.setOffline(true);
  try {
    await mainMenu(page).getByRole('link', { name: 'Campaigns' }).click();
    await expect(page.getByRole('heading', { name: 'You are offline.' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible({ timeout: 3000 });
  await expect(page.getByText("We've encountered an error.")).toHaveCount(0);
});

async function menuWidth(page: Page): Promise<number> {
  const box = await mainMenu(page).boundingBox();
  if (!box) throw new Error('The main menu is not rendered');
  return Math.round(box.width);
}

async function contentWidth(page: Page): Promise<number> {
  const box = await page.getByRole('main').boundingBox();
  if (!box) throw new Error('The page content is not rendered');
  return Math.round(box.width);
}

/** Moves the pointer over the page content, away from the menu. */
const pointerToContent = (page: Page) => page.mouse.move(900, 400);

/** From now on, records each value the menu's `data-expanded` takes, to tell what happened before a later step. */
const recordExpansions = (page: Page) =>
  mainMenu(page).evaluate((nav) => {
    const values: string[] = [];
    (window as unknown as { menuExpansions: string[] }).menuExpansions = values;
    new MutationObserver(() => values.push(nav.dataset.expanded ?? '')).observe(nav, {
      attributes: true,
      attributeFilter: ['data-expanded'],
    });
  });
const recordedExpansions = (page: Page) =>
  page.evaluate(() => (window as unknown as { menuExpansions: string[] }).menuExpansions);

test('the menu expands after hovering a second, collapses on leave, and the toggle forces it open or closed', async ({
  page,
}) => {
  await loginAs(page, demo.supervisor2);
  // The home's dashboard has drawn: the timings below are the menu's, not a busy page's.
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  // The page's clock runs on as usual; the test moves it past the hover delay where it proves that none started.
  await page.clock.install();
  await pointerToContent(page);
  await expect.poll(() => menuWidth(page)).toBe(64);
  // The page takes what the menu leaves, minus 100 px (1280 − 64 − 100).
  await expect.poll(() => contentWidth(page)).toBe(1116);

  // The page records when the pointer entered and when the menu said it was expanded, so that the timing is
  // measured where it happens rather than through the test runner's latency.
  await mainMenu(page).evaluate((nav) => {
    const times = { entered: 0, expanded: 0 };
    (window as unknown as { menuTimes: typeof times }).menuTimes = times;
    nav.addEventListener('mouseenter', () => (times.entered ||= performance.now()));
    new MutationObserver(() => {
      if (nav.dataset.expanded === 'true') times.expanded ||= performance.now();
    }).observe(nav, { attributes: true, attributeFilter: ['data-expanded'] });
  });

  await page.mouse.move(32, 400);
  await expect.poll(() => menuWidth(page), { timeout: 3000 }).toBe(220);
  const times = await page.evaluate(
    () => (window as unknown as { menuTimes: { entered: number; expanded: number } }).menuTimes,
  );
  expect(times.entered).toBeGreaterThan(0);
  const delay = times.expanded - times.entered;
  expect(delay, 'expands after a second of hovering').toBeGreaterThanOrEqual(950);
  expect(delay, 'expanded by 1500 ms').toBeLessThanOrEqual(1500);
  await expect(mainMenu(page).getByText('Quality Monitoring')).toBeVisible();
  expect(await contentWidth(page), 'a menu expanded by hovering floats over the page').toBe(1116);

  await pointerToContent(page);
  await expect.poll(() => menuWidth(page)).toBe(64);

  // Forced open: leaving changes nothing.
  await mainMenu(page).getByRole('button', { name: 'Keep the menu open' }).click();
  await expect.poll(() => menuWidth(page)).toBe(220);
  await recordExpansions(page);
  await pointerToContent(page);
  expect(await menuWidth(page)).toBe(220);
  await expect(mainMenu(page).getByRole('link', { name: 'Campaigns' })).toBeVisible();
  await expect.poll(() => contentWidth(page), { message: 'a menu kept open pushes the page' }).toBe(960);

  // Forced closed: hovering no longer expands it. Closing is the first change since the pointer left.
  await mainMenu(page).getByRole('button', { name: 'Keep the menu closed' }).click();
  await expect.poll(() => menuWidth(page)).toBe(64);
  expect(await recordedExpansions(page), 'leaving a menu kept open changes nothing').toEqual(['false']);
  await pointerToContent(page);
  await page.mouse.move(32, 300);
  // Past the hover delay: a hover timer would have expanded the menu by now.
  await page.clock.runFor(1500);
  expect(await menuWidth(page), 'hovering does not expand a menu kept closed').toBe(64);
  await expect(mainMenu(page).getByRole('button', { name: 'Keep the menu open' })).toBeVisible();
});

test.describe('on a mobile width (390×800)', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('there is no toggle, no Notifications entry and no panel', async ({ page }) => {
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
      'Profile',
    ]);
    await expect(mainMenu(page).getByRole('button', { name: /^Keep the menu/ })).toHaveCount(0);
    await expect(mainMenu(page).getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
    await expect(notificationPanel(page)).toHaveCount(0);
    await expect(mainMenu(page).getByRole('button', { name: 'Log out' })).toBeVisible();
  });
});

test.describe('on a touch screen of mobile width (390×800)', () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true });

  test('tapping a menu entry opens its page under a collapsed menu: a finger does not hover', async ({
    page,
  }) => {
    await page.clock.install();
    await loginAs(page, demo.supervisor);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await mainMenu(page).getByRole('link', { name: 'Campaigns' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    // Past the hover delay: a hover timer started by the tap would have expanded the menu by now.
    await page.clock.runFor(1500);
    await expect(mainMenu(page)).toHaveAttribute('data-expanded', 'false');
    expect(await menuWidth(page)).toBe(64);
  });
});

test('a desktop width shows the toggle, the Notifications entry and the panel, which go when it narrows to mobile', async ({
  page,
}) => {
  await loginAs(page, demo.supervisor);
  const bell = mainMenu(page).getByRole('button', { name: /^Notifications/ });
  await expect(mainMenu(page).getByRole('button', { name: 'Keep the menu open' })).toBeVisible();
  await bell.click();
  await expect(notificationPanel(page)).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(notificationPanel(page)).toHaveCount(0);
  await expect(bell).toHaveCount(0);
  await expect(mainMenu(page).getByRole('button', { name: /^Keep the menu/ })).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(bell).toBeVisible();
  await expect(mainMenu(page).getByRole('button', { name: 'Keep the menu open' })).toBeVisible();
});
