// The dashboards on the demo data through the real server: the supervisor home's figures are the API's for the
// home filters and follow a filter; figures open the filtered conversation list (a link with one campaign, a
// choice of campaign with several); the campaign page's dashboard follows the campaign's filters; the agent home
// shows the agent's own figures and latest evaluated conversations; the durations card a line per conversation type
// (calls' and chats' durations, emails' first response); in French; at 390 px.
import type { Page, Request } from '@playwright/test';
import { customerCareId, serviceClientId } from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test, type ApiSession } from './fixtures';

interface Kpi {
  value: number | null;
  previous: number | null;
}
interface ApiKpis {
  conversations: Kpi;
  evaluated: Kpi;
  average_score: Kpi;
  average_call_duration_s: Kpi & { conversations: number };
  average_chat_duration_s: Kpi & { conversations: number };
  average_email_first_response_s: Kpi & { conversations: number };
}

/** The figures by conversation type, one line each in the durations card, with their labels. */
const typeKpis = {
  average_call_duration_s: { en: 'Average call duration', fr: 'Durée moyenne des appels' },
  average_chat_duration_s: { en: 'Average chat duration', fr: 'Durée moyenne des chats' },
  average_email_first_response_s: { en: 'Email first response', fr: 'Première réponse aux e-mails' },
} as const;
interface ApiDistribution {
  bins: { min: number; max: number; count: number }[];
}
interface ApiAgents {
  agents: { id: string; name: string }[];
}

// Right after the server's first start the demo's evaluation jobs may still run: `steady` waits for them.
test.describe.configure({ timeout: 90_000 });

const kpisPath = /\/api\/dashboards\/graphs\/kpis\?/;

/** The figure a KPI card shows (the cards are one picture to assistive technology; the table says the same). */
const kpiCard = (page: Page, name: string) => page.locator(`[data-kpi="${name}"] dd`).first();
const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const filterButton = (page: Page, region: string, label: string) =>
  page
    .getByRole('region', { name: region, exact: true })
    .getByRole('button', { name: new RegExp(`^${label} `) });

/** Unfolds the conversation list's full filters under its chips, unless they are already. */
async function unfoldListFilters(page: Page) {
  const more = page
    .getByRole('region', { name: 'Filters', exact: true })
    .getByRole('button', { name: /^More filters/ });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
}

async function choose(page: Page, region: string, label: string, option: string) {
  await filterButton(page, region, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** The query string of the page's next KPI request, once it has been answered. */
async function nextKpisQuery(page: Page, when: (query: URLSearchParams) => boolean = () => true) {
  const response = await page.waitForResponse(
    (answer) => kpisPath.test(answer.url()) && when(new URL(answer.url()).searchParams),
  );
  return new URL(response.url()).search;
}

/** The demo's evaluations are done (their jobs may still run right after the server's first start). */
async function steady(api: ApiSession, query: string) {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await api.get<ApiKpis>(`/dashboards/graphs/kpis${query}`));
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [1000], timeout: 60_000 },
    )
    .toBe(true);
}

const score = (value: number | null, locale: string) =>
  value === null ? '—' : new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);

async function expectKpisOf(page: Page, api: ApiSession, query: string, locale: 'en' | 'fr' = 'en') {
  const kpis = await api.get<ApiKpis>(`/dashboards/graphs/kpis${query}`);
  await expect(kpiCard(page, 'conversations')).toHaveText(String(kpis.conversations.value));
  await expect(kpiCard(page, 'evaluated')).toHaveText(String(kpis.evaluated.value));
  await expect(kpiCard(page, 'average_score')).toHaveText(score(kpis.average_score.value, locale));
  // A line per type the range holds: its label, and a duration (digits) or a dash when there is none to average.
  for (const [name, labels] of Object.entries(typeKpis) as [
    keyof typeof typeKpis,
    (typeof typeKpis)[keyof typeof typeKpis],
  ][]) {
    const line = page.locator(`[data-kpi="${name}"]`);
    if (kpis[name].conversations === 0) {
      await expect(line).toHaveCount(0);
      continue;
    }
    await expect(line.locator('dt')).toHaveText(labels[locale]);
    await expect(line.locator('dd').first()).toHaveText(kpis[name].value === null ? '—' : /^\d/);
  }
  return kpis;
}

test('the supervisor home shows the figures of the home filters, and choosing an agent changes them', async ({
  page,
  apiAs,
}) => {
  const supervisor = await apiAs(demo.supervisor);
  const first = nextKpisQuery(page);
  await loginAs(page, demo.supervisor);
  const query = await first;
  const params = new URLSearchParams(query);
  expect(params.getAll('campaigns').sort()).toEqual([customerCareId, serviceClientId]);
  expect(Number(params.get('endTs')) - Number(params.get('startTs'))).toBeGreaterThan(27 * 86_400);
  await steady(supervisor, query);
  await page.reload();
  const all = await expectKpisOf(page, supervisor, query);
  expect(all.conversations.value).toBeGreaterThan(0);
  // The demo has calls, chats and email threads with replies: every line has a figure.
  for (const name of Object.keys(typeKpis) as (keyof typeof typeKpis)[])
    expect(all[name].value, name).toBeGreaterThan(0);
  await expect(page.getByText(/^Changes compared with /)).toBeVisible();
  await expect(card(page, 'Best agents').getByRole('row')).toHaveCount(5);

  const hugo = nextKpisQuery(page, (next) => next.has('agents'));
  await choose(page, 'Filters', 'Agents', demo.agent3.name);
  const hugoQuery = await hugo;
  const ofHugo = await expectKpisOf(page, supervisor, hugoQuery);
  expect(ofHugo.conversations.value).toBeLessThan(all.conversations.value as number);
  // The best agents are now Hugo alone: a header row and his.
  await expect(card(page, 'Best agents').getByRole('row')).toHaveCount(2);
  await expect(card(page, 'Best agents').getByRole('row').nth(1)).toContainText(demo.agent3.name);

  // The table view shows the same figures to everyone.
  const kpis = card(page, 'Key figures');
  await kpis.getByRole('button', { name: 'Show table' }).click();
  await expect(kpis.getByRole('row').filter({ hasText: 'Conversations' })).toContainText(
    String(ofHugo.conversations.value),
  );
  await kpis.getByRole('button', { name: 'Show chart' }).click();
  await expect(kpiCard(page, 'conversations')).toBeVisible();
});

test('a score band, an agent and a topic open the conversation list with those filters', async ({
  page,
  apiAs,
}) => {
  const supervisor = await apiAs(demo.supervisor);
  await loginAs(page, demo.supervisor);
  const single = nextKpisQuery(page, (next) => next.getAll('campaigns').length === 1);
  await choose(page, 'Filters', 'Campaigns', 'Service Client');
  const query = await single;
  await steady(supervisor, query);

  // A band with a page of conversations at most: its link opens them all, and only them.
  const distribution = await supervisor.get<ApiDistribution>(`/dashboards/graphs/score/distribution${query}`);
  const band = distribution.bins.find((bin) => bin.count > 0 && bin.count <= 50 && bin.max < 100);
  if (!band) throw new Error('The demo data has no band of 1 to 50 evaluations');
  const scores = card(page, 'Score distribution');
  await scores.getByRole('button', { name: 'Show table' }).click();
  await scores.getByRole('link', { name: `Score ${band.min}–${band.max}` }).click();
  await expect(page).toHaveURL(`/campaigns/${serviceClientId}/conversations`);
  await unfoldListFilters(page);
  await expect(page.getByRole('spinbutton', { name: 'Lowest score' })).toHaveValue(String(band.min));
  await expect(page.getByRole('spinbutton', { name: 'Highest score' })).toHaveValue(String(band.max - 0.01));
  await expect(page.getByRole('status').filter({ hasText: `All ${band.count} conversation` })).toBeVisible();

  // A bar of the best agents' chart opens that agent's conversations.
  await page.goBack();
  await expect(page).toHaveURL('/');
  const agents = await supervisor.get<ApiAgents>(`/dashboards/graphs/agents/performance${query}`);
  const best = card(page, 'Best agents');
  // The chart is drawn once its card comes near the viewport.
  await best.scrollIntoViewIfNeeded();
  await best.locator('.recharts-bar-rectangle').first().click();
  await expect(page).toHaveURL(`/campaigns/${serviceClientId}/conversations`);
  await unfoldListFilters(page);
  await expect(filterButton(page, 'Filters', 'Agents')).toHaveText(agents.agents[0]!.name);
  await expect(page.getByRole('spinbutton', { name: 'Lowest score' })).toHaveValue('');

  // With both campaigns, a topic asks which campaign's list to open.
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Filters', exact: true })
    .getByRole('button', { name: 'Reset filters' })
    .click();
  await expect(filterButton(page, 'Filters', 'Campaigns')).toHaveText('All');
  const topics = card(page, 'Topics');
  await topics.getByRole('button', { name: 'Show table' }).click();
  await topics.getByRole('button', { name: 'Billing', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Conversations: Billing' });
  await dialog.getByRole('link', { name: 'Customer Care' }).click();
  await expect(page).toHaveURL(`/campaigns/${customerCareId}/conversations`);
  await unfoldListFilters(page);
  await expect(filterButton(page, 'Filters', 'Topics')).toHaveText('Billing');
});

test("the campaign page's dashboard follows the campaign's filters, shared with its conversation list", async ({
  page,
  apiAs,
}) => {
  const supervisor = await apiAs(demo.supervisor);
  const first = nextKpisQuery(page);
  await loginAs(page, demo.supervisor, { path: `/campaigns/${customerCareId}` });
  const query = await first;
  expect(query).toBe(`?campaigns=${customerCareId}`);
  await steady(supervisor, query);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  await expectKpisOf(page, supervisor, query);
  await expect(
    page.getByText('Choose a period to compare each figure with the period just before it.'),
  ).toBeVisible();

  const billing = nextKpisQuery(page, (next) => next.has('topics'));
  await choose(page, 'Dashboard filters', 'Topics', 'Billing');
  const billingQuery = await billing;
  expect(billingQuery).toBe(`?campaigns=${customerCareId}&topics=Billing`);
  await expectKpisOf(page, supervisor, billingQuery);

  await page
    .getByRole('navigation', { name: 'Campaign sections' })
    .getByRole('link', { name: 'Conversations' })
    .click();
  await unfoldListFilters(page);
  await expect(filterButton(page, 'Filters', 'Topics')).toHaveText('Billing');

  // A period without conversations: every graph says so; clearing the dashboard's filters brings the figures back.
  await page.goBack();
  const dashboardFilters = page.getByRole('region', { name: 'Dashboard filters' });
  await dashboardFilters.getByLabel('Started from').fill('2020-01-06');
  await dashboardFilters.getByLabel('Started until').fill('2020-01-07');
  await expect(kpiCard(page, 'conversations')).toHaveText('0');
  await expect(kpiCard(page, 'average_score')).toHaveText('—');
  await expect(page.getByText(/^Changes compared with /)).toBeVisible();
  await expect(card(page, 'Score evolution')).toContainText('No scored evaluation in this period.');
  await expect(card(page, 'Score distribution')).toContainText('No scored evaluation in this period.');
  await expect(card(page, 'Topics')).toContainText("No topic found in this period's conversations.");
  await expect(card(page, 'Best agents')).toContainText('No agent has a scored evaluation in this period.');
  await dashboardFilters.getByRole('button', { name: 'Clear these filters' }).click();
  await expectKpisOf(page, supervisor, query);
});

test("the agent home shows the agent's own figures and latest evaluated conversations", async ({
  page,
  apiAs,
}) => {
  const agent = await apiAs(demo.agent);
  const first = nextKpisQuery(page);
  await loginAs(page, demo.agent);
  const query = await first;
  expect(new URLSearchParams(query).has('agents')).toBe(false);
  await steady(agent, query);
  await page.reload();
  await expectKpisOf(page, agent, query);
  await expect(filterButton(page, 'Filters', 'Agents')).toHaveCount(0);
  await expect(card(page, 'Score evolution')).toBeVisible();
  await expect(card(page, 'Weakest items')).toBeVisible();

  const latest = card(page, 'My latest evaluated conversations').getByRole('link');
  await expect(latest.first()).toBeVisible();
  expect(await latest.count()).toBeLessThanOrEqual(8);
  await latest.first().click();
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('le tableau de bord de l’accueil est en français, chiffres compris', async ({ page, apiAs }) => {
    const supervisor = await apiAs(demo.supervisor);
    const first = nextKpisQuery(page);
    await loginAs(page, demo.supervisor, { shell: false });
    const query = await first;
    await steady(supervisor, query);
    await page.reload();
    await expect(card(page, 'Chiffres clés')).toBeVisible();
    await expectKpisOf(page, supervisor, query, 'fr');
    await expect(page.getByText(/^Évolutions par rapport à la période du /)).toBeVisible();
    for (const title of ['Évolution du score', 'Répartition des scores', 'Meilleurs agents', 'Thèmes'])
      await expect(card(page, title)).toBeVisible();
    const scores = card(page, 'Répartition des scores');
    await scores.getByRole('button', { name: 'Voir le tableau' }).click();
    await expect(scores.getByRole('columnheader')).toHaveText(['Tranche de score', 'Évaluations']);
  });
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the home and the campaign dashboards fit the screen, each control reachable', async ({ page }) => {
    const answered = (request: Request) => kpisPath.test(request.url());
    await loginAs(page, demo.supervisor);
    await page.waitForRequest(answered);
    await expect(kpiCard(page, 'conversations')).toBeVisible();
    await expectFitsWidth(page, 390, [
      card(page, 'Score evolution').getByRole('button', { name: 'Month' }),
      card(page, 'Best agents').getByRole('button', { name: 'Lowest' }),
      card(page, 'Topics').getByRole('button', { name: 'Show table' }),
    ]);
    await card(page, 'Best agents').getByRole('button', { name: 'Lowest' }).click();
    await expect(card(page, 'Agents to coach')).toBeVisible();

    await page.goto(`/campaigns/${customerCareId}`);
    await expect(kpiCard(page, 'conversations')).toBeVisible();
    // On phones the dashboard's filters fold away behind one button, as the conversation list's do.
    const dashboardFilters = page.getByRole('region', { name: 'Dashboard filters' });
    await expect(dashboardFilters.getByRole('button', { name: 'Clear these filters' })).toBeHidden();
    await dashboardFilters.getByRole('button', { name: 'Filters' }).click();
    await expectFitsWidth(page, 390, [
      page.getByRole('button', { name: 'Clear these filters' }),
      card(page, 'Conversation types').getByRole('button', { name: 'Show table' }),
    ]);
  });
});
