// The admin home on the real server: its figures are the API's for the period shown; narrowing it to a campaign
// of known conversations (a 90-minute call and a chat) shows their figures; English, French and a phone's width.
import type { Page } from '@playwright/test';
import { demoUserIds } from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test, type ApiSession } from './fixtures';
import { bodyRows, definition, deleteCampaigns, heading, table, unique } from './management/helpers';

interface ApiAdminFigures {
  conversations: number;
  evaluations: number;
  audio_hours: number;
  active_users: number;
}

interface ApiAdminKpis {
  organisations: (ApiAdminFigures & { id: string; name: string })[];
  totals: ApiAdminFigures;
}

const filters = (page: Page) => page.getByRole('region', { name: /^(Filters|Filtres)$/ });
const listbox = (page: Page, label: string) =>
  filters(page).getByRole('button', { name: new RegExp(`^${label} `) });

/** Picks one choice of a filter, searching for it when the filter has a search box. */
async function choose(page: Page, label: string, option: string, search = `Search ${label}`) {
  await listbox(page, label).click();
  await page.getByRole('searchbox', { name: search }).fill(option);
  // Once the search has narrowed the choices (the list re-renders when the server answers).
  await expect(page.getByRole('option')).toHaveText([option]);
  await page.getByRole('option', { name: option, exact: true }).click();
  // From its search box, which keeps the focus while choices are picked (the page re-renders with each answer).
  await page.getByRole('searchbox', { name: search }).press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/**
 * The figures the server answered the page (to the first query `wanted` accepts) and that query. The demo data is
 * still being evaluated in the background, so the page is compared with its own answer, not with a later call.
 */
async function figuresAnswer(
  page: Page,
  load: () => Promise<unknown>,
  wanted: (query: URLSearchParams) => boolean = () => true,
): Promise<{ query: URLSearchParams; figures: ApiAdminKpis }> {
  const answer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/admin/kpis' && wanted(url.searchParams);
  });
  await load();
  const response = await answer;
  return {
    query: new URL(response.url()).searchParams,
    figures: (await response.json()) as ApiAdminKpis,
  };
}

/** A campaign of the demo organisation holding a 90-minute call and a 2-minute chat, both started an hour ago. */
async function campaignOfKnownConversations(supervisor: ApiSession, name: string): Promise<string> {
  const campaign = await supervisor.post<{ id: string }>('/campaigns', { name });
  const common = {
    agent_id: demoUserIds.agent,
    started_at: Math.floor(Date.now() / 1000) - 3600,
    language: 'en',
  };
  await supervisor.post(`/campaigns/${campaign.id}/conversations`, {
    ...common,
    type: 'call',
    duration_s: 5400,
    input_text: 'Agent: Hello, how can I help?\nCustomer: My line is down.',
  });
  await supervisor.post(`/campaigns/${campaign.id}/conversations`, {
    ...common,
    type: 'chat',
    duration_s: 120,
    messages: [{ speaker: 'customer', text: 'Is my order on its way?' }],
  });
  return campaign.id;
}

test('the admin home shows the API figures, and its filters narrow them', async ({ page, apiAs }) => {
  const supervisor = await apiAs(demo.supervisor);
  const name = `Admin figures ${unique()}`;
  try {
    const campaignId = await campaignOfKnownConversations(supervisor, name);
    const { query, figures: expected } = await figuresAnswer(page, () => loginAs(page, demo.admin));
    await expect(heading(page, 'Admin')).toBeVisible();
    await expect(listbox(page, 'Period')).toHaveText('Last month');
    expect(query.has('startTs') && query.has('endTs')).toBe(true);
    const count = new Intl.NumberFormat('en');
    const card = (term: string) => definition(page, term).first();
    await expect(card('Conversations')).toHaveText(count.format(expected.totals.conversations));
    await expect(card('Evaluations')).toHaveText(count.format(expected.totals.evaluations));
    await expect(card('Active users')).toHaveText(count.format(expected.totals.active_users));
    const perOrganisation = table(page, 'Per organisation');
    await expect(bodyRows(perOrganisation)).toHaveCount(expected.organisations.length);
    await expect(perOrganisation.getByRole('link', { name: 'Demo Contact Center' })).toHaveAttribute(
      'href',
      /^\/organisations\/[0-9a-f-]+\/users$/,
    );

    const { query: narrowed } = await figuresAnswer(
      page,
      () => choose(page, 'Campaigns', name),
      (asked) => asked.has('campaigns'),
    );
    expect(narrowed.getAll('campaigns')).toEqual([campaignId]);
    await expect(card('Conversations')).toHaveText('2');
    await expect(card('Audio hours')).toHaveText('1.5 hr');
    await expect(bodyRows(perOrganisation)).toHaveCount(1);
    await expect(bodyRows(perOrganisation).first()).toContainText('Demo Contact Center');
    await expect(bodyRows(perOrganisation).first()).toContainText('1.5 hr');

    await filters(page).getByRole('button', { name: 'Reset filters' }).click();
    await expect(listbox(page, 'Campaigns')).toHaveText('All');
    await expect(card('Conversations')).not.toHaveText('2');

    const demoOrganisation = expected.organisations.find((row) => row.name === 'Demo Contact Center');
    const { query: byOrganisation, figures: ofOrganisation } = await figuresAnswer(
      page,
      () => choose(page, 'Organisations', 'Demo Contact Center'),
      (asked) => asked.has('organisations'),
    );
    expect(byOrganisation.getAll('organisations')).toEqual([demoOrganisation?.id]);
    await expect(bodyRows(perOrganisation)).toHaveCount(1);
    expect(ofOrganisation.organisations.map((row) => row.name)).toEqual(['Demo Contact Center']);
    await expect(card('Conversations')).toHaveText(count.format(ofOrganisation.totals.conversations));
    await expect(card('Active users')).toHaveText(count.format(ofOrganisation.totals.active_users));

    // A saved campaign filter whose campaign is deleted says so; resetting the filters brings the figures back.
    await choose(page, 'Campaigns', name);
    await expect(card('Conversations')).toHaveText('2');
    await supervisor.delete(`/campaigns/${campaignId}`);
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(
      'A campaign or organisation chosen in the filters no longer exists. Reset the filters or choose again.',
    );
    await filters(page).getByRole('button', { name: 'Reset filters' }).click();
    await expect(card('Conversations')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await deleteCampaigns(supervisor, name);
  }
});

test.describe('in French at a phone width', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });

  test('the admin home narrows to a campaign and writes its figures the French way', async ({
    page,
    apiAs,
  }) => {
    const supervisor = await apiAs(demo.supervisor);
    const name = `Chiffres admin ${unique()}`;
    try {
      await campaignOfKnownConversations(supervisor, name);
      await loginAs(page, demo.admin, { shell: false });
      await expect(heading(page, 'Admin')).toBeVisible();
      await choose(page, 'Campagnes', name, 'Rechercher dans Campagnes');
      await expect(definition(page, 'Conversations').first()).toHaveText('2');
      // French writes the decimal comma and the hour symbol.
      await expect(definition(page, "Heures d'audio").first()).toHaveText(/^1,5\s?h$/);
      await expect(table(page, 'Par organisation')).toContainText('Demo Contact Center');
      await expectFitsWidth(page, 390, [
        listbox(page, 'Période'),
        listbox(page, 'Organisations'),
        table(page, 'Par organisation').getByRole('link', { name: 'Demo Contact Center' }),
      ]);
    } finally {
      await deleteCampaigns(supervisor, name);
    }
  });
});
