// The usage page on the real server: a supervisor with can_view_usage reads the figures the API answered, narrows
// them to a campaign of two conversations just posted (two conversations ingested), and exports that campaign's
// events as CSV and XLSX; an admin reaches any organisation's usage from its page; a supervisor without the
// permission has no Usage entry; French at a phone's width.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { demoUserIds } from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, mainMenu, test, type ApiSession } from './fixtures';
import { bodyRows, definition, deleteCampaigns, heading, rowOf, table, unique } from './management/helpers';

interface ApiUsage {
  totals: { conversations: number; evaluations: number };
  campaigns: { id: string | null; name: string | null }[];
}

const filters = (page: Page) => page.getByRole('region', { name: /^(Filters|Filtres)$/ });
const listbox = (page: Page, label: string) =>
  filters(page).getByRole('button', { name: new RegExp(`^${label} `) });

async function chooseCampaign(page: Page, label: string, name: string, search: string) {
  await listbox(page, label).click();
  await page.getByRole('searchbox', { name: search }).fill(name);
  // The filter's options (Headless UI's), not the native ones of the chart's list of figures.
  const choices = page.locator('[role="option"]');
  await expect(choices).toHaveText([name]);
  await choices.filter({ hasText: name }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** The usage the server answered the page (the first answer `wanted` accepts), and its query. */
async function usageAnswer(
  page: Page,
  load: () => Promise<unknown>,
  wanted: (query: URLSearchParams) => boolean = () => true,
): Promise<{ query: URLSearchParams; usage: ApiUsage }> {
  const answer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return /^\/api\/organisations\/[^/]+\/usage$/.test(url.pathname) && wanted(url.searchParams);
  });
  await load();
  const response = await answer;
  return { query: new URL(response.url()).searchParams, usage: (await response.json()) as ApiUsage };
}

/** A campaign of the demo organisation with a call given as text and a chat posted to it. */
async function campaignOfTwoConversations(supervisor: ApiSession, name: string): Promise<string> {
  const campaign = await supervisor.post<{ id: string }>('/campaigns', { name });
  const common = { agent_id: demoUserIds.agent, language: 'en' };
  await supervisor.post(`/campaigns/${campaign.id}/conversations`, {
    ...common,
    type: 'call',
    input_text: 'Agent: Hello, how can I help?\nCustomer: My line is down.',
  });
  await supervisor.post(`/campaigns/${campaign.id}/conversations`, {
    ...common,
    type: 'chat',
    messages: [{ speaker: 'customer', text: 'Is my order on its way?' }],
  });
  return campaign.id;
}

test('a supervisor reads the usage, narrows it to a campaign and exports its events', async ({
  page,
  apiAs,
}) => {
  const supervisor = await apiAs(demo.supervisor);
  const name = `Usage ${unique()}`;
  try {
    const campaignId = await campaignOfTwoConversations(supervisor, name);
    await loginAs(page, demo.supervisor);
    const { query, usage } = await usageAnswer(page, () =>
      mainMenu(page).getByRole('link', { name: 'Usage' }).click(),
    );
    await expect(page).toHaveURL(/\/usage$/);
    await expect(heading(page, 'Usage')).toBeVisible();
    expect(query.has('startTs') && query.has('endTs')).toBe(true);
    const count = new Intl.NumberFormat('en');
    await expect(definition(page, 'Conversations').first()).toHaveText(
      count.format(usage.totals.conversations),
    );
    await expect(definition(page, 'Evaluations').first()).toHaveText(count.format(usage.totals.evaluations));
    await expect(bodyRows(table(page, 'Per campaign'))).toHaveCount(usage.campaigns.length);
    await expect(page.getByRole('region', { name: 'Usage over time' })).toBeVisible();

    const { query: narrowed } = await usageAnswer(
      page,
      () => chooseCampaign(page, 'Campaigns', name, 'Search Campaigns'),
      (asked) => asked.has('campaigns'),
    );
    expect(narrowed.getAll('campaigns')).toEqual([campaignId]);
    await expect(definition(page, 'Conversations').first()).toHaveText('2');
    await expect(bodyRows(table(page, 'Per campaign'))).toHaveCount(1);
    await expect(rowOf(table(page, 'Per campaign'), name)).toContainText('2');
    await expect(rowOf(table(page, 'Per feature and engine'), 'Ingestion')).toContainText('2 conversations');

    // The chart's figures as a table: the two conversations in today's bucket.
    const overTime = page.getByRole('region', { name: 'Usage over time' });
    await overTime.getByRole('button', { name: 'Show table' }).click();
    await expect(bodyRows(overTime.getByRole('table'))).toHaveCount(1);

    await page.getByRole('button', { name: 'Export' }).click();
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV file' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^Demo Contact Center usage \d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await csv.path()) as string, 'utf8');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('created_at,kind,quantity,unit');
    const ingested = lines.filter((line) => line.includes(',conversation,1,conversation,'));
    expect(ingested).toHaveLength(2);
    for (const line of lines.slice(1)) expect(line).toContain(campaignId);

    await page.getByRole('button', { name: 'Export' }).click();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Excel workbook (XLSX)' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    // An XLSX is a zip archive.
    expect((await readFile((await xlsx.path()) as string)).subarray(0, 2).toString()).toBe('PK');
  } finally {
    await deleteCampaigns(supervisor, name);
  }
});

test("an admin opens an organisation's usage from its page", async ({ page }) => {
  await loginAs(page, demo.admin, { path: '/organisations' });
  await page.getByRole('link', { name: 'Demo Contact Center' }).click();
  await page
    .getByRole('navigation', { name: 'Organisation sections' })
    .getByRole('link', { name: 'Usage' })
    .click();
  await expect(page).toHaveURL(/\/organisations\/[0-9a-f-]+\/usage$/);
  await expect(heading(page, 'Demo Contact Center')).toBeVisible();
  await expect(definition(page, 'Conversations').first()).toHaveText(/^\d[\d,]*$/);
  await expect(rowOf(table(page, 'Per campaign'), 'Customer Care')).toBeVisible();
});

test('a supervisor without can_view_usage has no Usage entry nor page', async ({ page }) => {
  await loginAs(page, demo.supervisor2);
  await expect(mainMenu(page).getByRole('link', { name: 'Usage' })).toHaveCount(0);
  await page.goto('/usage');
  await expect(page.getByText('Page not found')).toBeVisible();
});

test.describe('in French at a phone width', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });

  test('the usage page narrows to a campaign and fits the screen', async ({ page, apiAs }) => {
    const supervisor = await apiAs(demo.supervisor);
    const name = `Consommation ${unique()}`;
    try {
      await campaignOfTwoConversations(supervisor, name);
      await loginAs(page, demo.supervisor, { path: '/usage', shell: false });
      await expect(heading(page, 'Consommation')).toBeVisible();
      await chooseCampaign(page, 'Campagnes', name, 'Rechercher dans Campagnes');
      await expect(definition(page, 'Conversations').first()).toHaveText('2');
      await expect(rowOf(table(page, 'Par campagne'), name)).toBeVisible();
      await expect(page.getByText("Aucun appel de test n'a rien consommé sur la période.")).toBeVisible();
      await expectFitsWidth(page, 390, [
        listbox(page, 'Période'),
        listbox(page, 'Campagnes'),
        page.getByRole('button', { name: 'Exporter' }),
        page.getByRole('group', { name: 'Regrouper par' }),
        page.getByRole('combobox', { name: 'Chiffre affiché' }),
      ]);
    } finally {
      await deleteCampaigns(supervisor, name);
    }
  });
});
