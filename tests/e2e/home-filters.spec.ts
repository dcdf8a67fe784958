// The home filter bar: choices from the demo data, kept across a reload, and "Reset filters".
import type { Page } from '@playwright/test';
import { demo, expect, loginAs, test } from './fixtures';

const filters = (page: Page) => page.getByRole('region', { name: 'Filters' });
const listbox = (page: Page, label: string) =>
  filters(page).getByRole('button', { name: new RegExp(`^${label} `) });

async function choose(page: Page, label: string, option: string) {
  await listbox(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test('the chosen agent, campaign and period survive a reload, and "Reset filters" restores the defaults', async ({
  page,
}) => {
  await loginAs(page, demo.supervisor);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(listbox(page, 'Period')).toHaveText('Last month');
  await expect(listbox(page, 'Agents')).toHaveText('All');
  await expect(listbox(page, 'Campaigns')).toHaveText('All');

  // The options are the supervisor's agents and campaigns.
  await listbox(page, 'Agents').click();
  await expect(page.getByRole('option')).toHaveText([
    'Chloé Moreau',
    'Emma Durand',
    'Hugo Leroy',
    'Lucas Petit',
  ]);
  await page.keyboard.press('Escape');
  await listbox(page, 'Campaigns').click();
  await expect(page.getByRole('option')).toHaveText(['Customer Care', 'Service Client']);
  // The campaign picker searches the server as the user types.
  await page.getByRole('searchbox', { name: 'Search Campaigns' }).fill('serv');
  await expect(page.getByRole('option')).toHaveText(['Service Client']);
  await page.getByRole('searchbox', { name: 'Search Campaigns' }).fill('');
  await expect(page.getByRole('option')).toHaveText(['Customer Care', 'Service Client']);
  await page.keyboard.press('Escape');

  await choose(page, 'Agents', demo.agent3.name);
  await choose(page, 'Campaigns', 'Service Client');
  await listbox(page, 'Period').click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(listbox(page, 'Agents')).toHaveText('Hugo Leroy');
  await expect(listbox(page, 'Campaigns')).toHaveText('Service Client');
  await expect(listbox(page, 'Period')).toHaveText('Last 7 days');

  await page.reload();
  await expect(listbox(page, 'Agents')).toHaveText('Hugo Leroy');
  await expect(listbox(page, 'Campaigns')).toHaveText('Service Client');
  await expect(listbox(page, 'Period')).toHaveText('Last 7 days');
  await listbox(page, 'Agents').click();
  await expect(page.getByRole('option', { name: 'Hugo Leroy' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('option', { name: 'Lucas Petit' })).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Escape');

  // Two agents: the summary counts them.
  await choose(page, 'Agents', demo.agent.name);
  await expect(listbox(page, 'Agents')).toHaveText('2 selected');

  await filters(page).getByRole('button', { name: 'Reset filters' }).click();
  await expect(listbox(page, 'Period')).toHaveText('Last month');
  await expect(listbox(page, 'Agents')).toHaveText('All');
  await expect(listbox(page, 'Campaigns')).toHaveText('All');

  await page.reload();
  await expect(listbox(page, 'Period')).toHaveText('Last month');
  await expect(listbox(page, 'Agents')).toHaveText('All');
  await expect(listbox(page, 'Campaigns')).toHaveText('All');
});

/** Holds back the listbox code a chunk name starts with until `release` is called. */
async function holdBack(page: Page, chunk: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a filter pressed before its listbox code has arrived opens once it arrives, by keyboard and pointer', async ({
  page,
}) => {
  const releasePeriod = await holdBack(page, 'TimeRangeListbox');
  const releaseAgents = await holdBack(page, 'MultiSelectListbox');
  await loginAs(page, demo.supervisor);
  await expect(listbox(page, 'Period')).toHaveText('Last month');

  await listbox(page, 'Period').focus();
  await page.keyboard.press('ArrowDown');
  releasePeriod();
  await expect(page.getByRole('listbox')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(listbox(page, 'Period')).toHaveText('Last 7 days');

  await listbox(page, 'Agents').click();
  releaseAgents();
  await expect(page.getByRole('option', { name: demo.agent.name, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(listbox(page, 'Agents')).toBeFocused();
});
