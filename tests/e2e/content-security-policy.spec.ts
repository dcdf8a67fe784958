// The app, the login page and the API docs run under their Content-Security-Policy without a single violation.
import { demo, expect, loginAs, mainMenu, test } from './fixtures';

test('no page breaks its Content-Security-Policy: login, app pages, the API docs', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await loginAs(page, demo.admin);
  await expect(mainMenu(page)).toBeVisible();
  for (const entry of ['Campaigns', 'Users']) {
    await mainMenu(page).getByRole('link', { name: entry }).click();
    await expect(page.getByRole('heading', { level: 1, name: entry })).toBeVisible();
  }
  await page.goto('/api/docs/');
  // Swagger UI lays out the whole document (every route of the API) before its title shows: seconds on a busy machine.
  await expect(page.getByText('Quality Monitoring API').first()).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});
