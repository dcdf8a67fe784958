// A campaign's conversation list: filters kept per campaign across reloads and campaigns, keyset pages, the date
// order both ways, an agent's own conversations only, links to each conversation, the count and the export (with
// each item's answer or not), English and French, and a phone-width run. Each test lists conversations of a
// campaign of its own, made through the API.
import type { Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { wavTone } from '../../fixtures/audio';
import { demo, expect, expectFitsWidth, loginAs, test, type ApiSession } from '../fixtures';
import { bodyRows, deleteCampaigns, heading, unique, type ApiCampaign } from '../management/helpers';

interface SeedConversation {
  type: 'call' | 'chat' | 'email';
  agent: 'agent' | 'agent2';
  daysAgo: number;
  durationS: number;
  text: string;
  language?: 'en' | 'fr';
  metadata?: Record<string, string>;
}

interface SeededCampaign {
  campaign: ApiCampaign;
  /** The ids of the conversations made, in the order given. */
  ids: string[];
}

const dayS = 86_400;

/** The ids of the demo agents, as the supervisor's filter options name them. */
async function agentIds(supervisor: ApiSession): Promise<Record<'agent' | 'agent2', string>> {
  const options = await supervisor.get<{ agents: { id: string; name: string }[] }>(
    '/dashboards/filters?get_campaigns_filter=false&get_metadata_filter=false',
  );
  const idOf = (name: string) => {
    const agent = options.agents.find((candidate) => candidate.name === name);
    if (!agent) throw new Error(`No agent ${name}`);
    return agent.id;
  };
  return { agent: idOf(demo.agent.name), agent2: idOf(demo.agent2.name) };
}

/**
 * A new campaign of the supervisor with both demo agents as members, and these conversations in it; with `grid`
 * (sections as `PATCH /evaluation-grids/{id}` takes them), published before the conversations come, so they are
 * evaluated as they are analysed.
 */
async function seedCampaign(
  supervisor: ApiSession,
  name: string,
  conversations: SeedConversation[],
  { language = 'en', grid }: { language?: 'en' | 'fr'; grid?: unknown[] } = {},
): Promise<SeededCampaign> {
  const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name, language });
  if (grid) {
    const { id } = await supervisor.get<{ id: string }>(`/campaigns/${campaign.id}/evaluation-grid`);
    await supervisor.patch(`/evaluation-grids/${id}`, { sections: grid, additional_scores: [] });
  }
  const agents = await agentIds(supervisor);
  for (const userId of Object.values(agents)) {
    await supervisor.post(`/campaigns/${campaign.id}/users`, { user_id: userId, role: 'viewer' });
  }
  const now = Math.floor(Date.now() / 1000);
  const ids: string[] = [];
  for (const conversation of conversations) {
    const common = {
      agent_id: agents[conversation.agent],
      started_at: now - conversation.daysAgo * dayS,
      duration_s: conversation.durationS,
      language: conversation.language ?? 'en',
      metadata: conversation.metadata ?? {},
    };
    const body =
      conversation.type === 'chat'
        ? { type: 'chat', ...common, messages: [{ speaker: 'customer', text: conversation.text }] }
        : conversation.type === 'email'
          ? {
              type: 'email',
              ...common,
              emails: [{ speaker: 'customer', subject: 'Help', body: conversation.text }],
            }
          : { type: 'call', ...common, input_text: `Customer: ${conversation.text}` };
    ids.push((await supervisor.post<{ id: string }>(`/campaigns/${campaign.id}/conversations`, body)).id);
  }
  return { campaign, ids };
}

/** Twelve varied conversations: types, agents, metadata tiers, lengths and words. */
const varied: SeedConversation[] = Array.from({ length: 12 }, (_, index) => ({
  type: index % 3 === 0 ? 'call' : index % 3 === 1 ? 'chat' : 'email',
  agent: index % 2 === 0 ? 'agent' : 'agent2',
  daysAgo: index + 1,
  durationS: 60 * (index + 1),
  text: index % 4 === 0 ? 'I want a refund for this invoice.' : 'Thank you, that was helpful.',
  metadata: { tier: index % 2 === 0 ? 'gold' : 'silver' },
}));

const listOf = (page: Page, campaign: ApiCampaign, title = 'Conversations'): Locator =>
  page.getByRole('table', { name: `${title} · ${campaign.name}`, exact: true });

const filterBar = (page: Page, name = 'Filters'): Locator => page.getByRole('region', { name, exact: true });

/** The button of a list filter, whose name is its label then what is chosen. */
const filterButton = (page: Page, label: string, region = 'Filters'): Locator =>
  filterBar(page, region).getByRole('button', { name: new RegExp(`^${label} `) });

/** "More filters", which unfolds the full filters under the search and the chips. */
const moreFilters = (page: Page, region = 'Filters'): Locator =>
  filterBar(page, region).getByRole('button', { name: /^(More filters|Plus de filtres)/ });

/** Unfolds the full filters, unless they are already. */
async function showFilters(page: Page, region = 'Filters'): Promise<void> {
  const more = moreFilters(page, region);
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
}

/** The active filters' chips, by their text. */
const chips = (page: Page, region = 'Filters'): Locator =>
  filterBar(page, region).getByRole('list').getByRole('listitem');

async function choose(page: Page, label: string, option: string, region = 'Filters'): Promise<void> {
  await showFilters(page, region);
  await filterButton(page, label, region).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** The conversation ids the list links to, in the order shown. */
async function shownIds(list: Locator): Promise<string[]> {
  const hrefs = await bodyRows(list)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  // A row's link carries the list's walk (`?walk=list&sort=…`) after the conversation's path.
  return hrefs.map((href) => new URL(href, 'http://list.test').pathname.replace('/conversations/', ''));
}

/** The ids of the seeded conversations that `keep` selects, newest first (the list's default order). */
const expectedIds = ({ ids }: SeededCampaign, keep: (conversation: SeedConversation) => boolean) =>
  varied.flatMap((conversation, index) => (keep(conversation) ? [ids[index] as string] : []));

test.describe('the conversation list', () => {
  let marker: string;
  let supervisor: ApiSession;

  test.beforeEach(async ({ apiAs }) => {
    marker = `List E2E ${unique()}`;
    supervisor = await apiAs(demo.supervisor);
  });
  test.afterEach(async () => {
    await deleteCampaigns(supervisor, marker);
  });

  test('filters by type, metadata, duration and words; they survive a reload, stay with their campaign, and reset', async ({
    page,
  }) => {
    // Two campaigns made through the API, then many steps through the filters on a shared machine.
    test.setTimeout(60_000);
    const first = await seedCampaign(supervisor, `${marker} A`, varied);
    const second = await seedCampaign(supervisor, `${marker} B`, varied.slice(0, 3));
    await loginAs(page, demo.supervisor, { path: `/campaigns/${first.campaign.id}/conversations` });
    await expect(heading(page, `Conversations · ${first.campaign.name}`)).toBeVisible();
    await expect(page).toHaveTitle(`Conversations · ${first.campaign.name} · Quality Monitoring`);
    const list = listOf(page, first.campaign);
    await expect(bodyRows(list)).toHaveCount(12);
    await expect(page.getByRole('status').filter({ hasText: 'All 12 conversations shown.' })).toBeVisible();
    // The first header holds the checkbox that selects the rows shown.
    await expect(list.getByRole('columnheader')).toHaveText([
      '',
      'Date',
      'Type',
      'Agent',
      'Duration',
      'Language',
      'Sentiment',
      'Topics',
      'Status',
    ]);

    await choose(page, 'Type', 'Chat');
    await choose(page, 'tier', 'gold');
    const chatsInGold = (conversation: SeedConversation) =>
      conversation.type === 'chat' && conversation.metadata?.tier === 'gold';
    await expect.poll(() => shownIds(list)).toEqual(expectedIds(first, chatsInGold));
    await filterBar(page).getByRole('spinbutton', { name: 'Shortest duration' }).fill('6');
    const longChatsInGold = (conversation: SeedConversation) =>
      chatsInGold(conversation) && conversation.durationS >= 6 * 60;
    await expect.poll(() => shownIds(list)).toEqual(expectedIds(first, longChatsInGold));
    expect(expectedIds(first, longChatsInGold)).toHaveLength(1);

    await page.reload();
    await expect(chips(page)).toHaveText(['Type: Chat', 'Duration: ≥ 6 min', 'tier: gold']);
    await showFilters(page);
    await expect(filterButton(page, 'Type')).toHaveText('Chat');
    await expect(filterButton(page, 'tier')).toHaveText('gold');
    await expect(filterBar(page).getByRole('spinbutton', { name: 'Shortest duration' })).toHaveValue('6');
    await expect.poll(() => shownIds(list)).toEqual(expectedIds(first, longChatsInGold));

    // Another campaign has its own filters (none yet); coming back finds the first one's again.
    await page.goto(`/campaigns/${second.campaign.id}/conversations`);
    await expect(bodyRows(listOf(page, second.campaign))).toHaveCount(3);
    await expect(chips(page)).toHaveCount(0);
    await showFilters(page);
    await expect(filterButton(page, 'Type')).toHaveText('All');
    await choose(page, 'Type', 'Email');
    await expect(bodyRows(listOf(page, second.campaign))).toHaveCount(1);
    await page.goto('/campaigns');
    await page.goto(`/campaigns/${first.campaign.id}/conversations`);
    await expect(chips(page).first()).toHaveText('Type: Chat');
    await expect.poll(() => shownIds(list)).toEqual(expectedIds(first, longChatsInGold));

    await showFilters(page);
    await filterBar(page).getByRole('button', { name: 'Reset filters' }).click();
    await expect(filterButton(page, 'Type')).toHaveText('All');
    await expect(filterBar(page).getByRole('spinbutton', { name: 'Shortest duration' })).toHaveValue('');
    await expect(bodyRows(list)).toHaveCount(12);

    // Words of the conversation, once typing has paused; nothing matching says so and offers the reset.
    await filterBar(page).getByRole('searchbox', { name: 'Search' }).fill('refund');
    await expect
      .poll(() => shownIds(list))
      .toEqual(expectedIds(first, (conversation) => conversation.text.includes('refund')));
    await filterBar(page).getByRole('searchbox', { name: 'Search' }).fill('nowhere-to-be-found');
    await expect(page.getByText('No conversation matches these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Reset filters' }).last().click();
    await expect(bodyRows(list)).toHaveCount(12);
    await page.reload();
    await expect(bodyRows(list)).toHaveCount(12);
    await expect(filterBar(page).getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  test('shows scores and validation once the campaign has a grid, and filters by score, item missed and validation', async ({
    page,
  }) => {
    // Evaluations run behind the demo data's own work on a fresh server.
    test.setTimeout(150_000);
    const refund = { name: 'Refund named', description: 'The customer names the refund.' };
    const seeded = await seedCampaign(supervisor, `${marker} Scored`, varied, {
      grid: [
        {
          name: 'Request',
          items: [{ ...refund, type: 'binary_item', rules: { any_of: ['refund'], speaker: 'customer' } }],
        },
      ],
    });
    const { id: campaignId } = seeded.campaign;
    const evaluationsDone = async () => {
      const page = await supervisor.get<{ items: { evaluation: { status: string } | null }[] }>(
        `/campaigns/${campaignId}/conversations?limit=50`,
      );
      return page.items.filter((item) => item.evaluation?.status === 'done').length;
    };
    await expect.poll(evaluationsDone, { timeout: 120_000 }).toBe(varied.length);
    const [validatedId] = seeded.ids;
    await supervisor.post(`/conversations/${validatedId}/evaluation/validate`, {});

    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaignId}/conversations` });
    const list = listOf(page, seeded.campaign);
    await expect(bodyRows(list)).toHaveCount(12);
    // The first header holds the checkbox that selects the rows shown.
    await expect(list.getByRole('columnheader')).toHaveText([
      '',
      'Date',
      'Type',
      'Agent',
      'Duration',
      'Language',
      'Sentiment',
      'Topics',
      'Status',
      'Score',
      'Validation',
    ]);
    const namesRefund = (conversation: SeedConversation) => conversation.text.includes('refund');
    const validatedRow = bodyRows(list).filter({
      has: page.locator(`a[href^="/conversations/${validatedId}?"]`),
    });
    await expect(validatedRow.getByRole('cell').nth(9)).toHaveText('100');
    await expect(validatedRow.getByRole('cell').nth(10)).toHaveText(demo.supervisor.name);

    await choose(page, 'Items missed', `Request · ${refund.name}`);
    await expect.poll(() => shownIds(list)).toEqual(expectedIds(seeded, (c) => !namesRefund(c)));
    await expect(chips(page)).toHaveText([`Items missed: Request · ${refund.name}`]);
    await filterBar(page).getByRole('button', { name: 'Reset filters' }).click();
    await expect(bodyRows(list)).toHaveCount(12);

    const lowest = filterBar(page).getByRole('spinbutton', { name: 'Lowest score' });
    await lowest.fill('50');
    await expect.poll(() => shownIds(list)).toEqual(expectedIds(seeded, namesRefund));
    await filterBar(page).getByRole('spinbutton', { name: 'Highest score' }).fill('20');
    await expect(filterBar(page).getByText('The lowest score is above the highest.')).toBeVisible();
    await expect.poll(() => shownIds(list)).toEqual(expectedIds(seeded, namesRefund));
    await lowest.fill('');
    await expect.poll(() => shownIds(list)).toEqual(expectedIds(seeded, (c) => !namesRefund(c)));
    await filterBar(page).getByRole('button', { name: 'Reset filters' }).click();

    await filterBar(page).getByRole('combobox', { name: 'Validation' }).selectOption('Validated');
    await expect.poll(() => shownIds(list)).toEqual([validatedId]);
    await choose(page, 'Validated by', demo.supervisor.name);
    await expect.poll(() => shownIds(list)).toEqual([validatedId]);
    await page.reload();
    await showFilters(page);
    await expect(filterBar(page).getByRole('combobox', { name: 'Validation' })).toHaveValue('validated');
    await expect.poll(() => shownIds(list)).toEqual([validatedId]);
  });

  test('pages with "Load more", goes on from the first row added, and sorts by date both ways', async ({
    page,
  }) => {
    const many: SeedConversation[] = Array.from({ length: 55 }, (_, index) => ({
      type: 'chat',
      agent: 'agent',
      daysAgo: index + 1,
      durationS: 30,
      text: `Message ${index}`,
    }));
    const { campaign, ids } = await seedCampaign(supervisor, `${marker} Paged`, many);
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/conversations` });
    const list = listOf(page, campaign);
    await expect(bodyRows(list)).toHaveCount(50);
    await expect(
      page.getByRole('status').filter({ hasText: '50 conversations shown; more follow.' }),
    ).toBeVisible();
    const date = list.getByRole('columnheader', { name: 'Date' });
    await expect(date).toHaveAttribute('aria-sort', 'descending');

    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await expect(bodyRows(list)).toHaveCount(55);
    await expect(page.getByRole('status').filter({ hasText: 'All 55 conversations shown.' })).toBeVisible();
    await expect(loadMore).toHaveCount(0);
    await expect(bodyRows(list).nth(50).getByRole('link')).toBeFocused();
    expect(await shownIds(list)).toEqual(ids);

    await date.getByRole('button').click();
    await expect(date).toHaveAttribute('aria-sort', 'ascending');
    await expect(bodyRows(list)).toHaveCount(50);
    await expect.poll(() => shownIds(list)).toEqual([...ids].reverse().slice(0, 50));
    await date.getByRole('button').click();
    await expect(date).toHaveAttribute('aria-sort', 'descending');
    // The pages read in this order stay: both show again, fresh from the server.
    await expect.poll(() => shownIds(list)).toEqual(ids);
  });

  test('walks the searched list in its order: the place in it, ] and [, Next and Previous, then back to it', async ({
    page,
  }) => {
    const chats: SeedConversation[] = Array.from({ length: 4 }, (_, index) => ({
      type: 'chat',
      agent: 'agent',
      daysAgo: index + 1,
      durationS: 30,
      text: index === 1 ? 'Thank you, that was helpful.' : `I want a refund, message ${index}.`,
    }));
    const { campaign, ids } = await seedCampaign(supervisor, `${marker} Walk`, chats);
    // Searched for "refund" and oldest first: the fourth, third and first chat.
    const walked = [ids[3], ids[2], ids[0]] as string[];
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/conversations` });
    const list = listOf(page, campaign);
    await filterBar(page).getByRole('searchbox', { name: 'Search' }).fill('refund');
    await list.getByRole('columnheader', { name: 'Date' }).getByRole('button').click();
    await expect.poll(() => shownIds(list)).toEqual(walked);

    const position = page.getByTestId('review-walk-position');
    const at = async (index: number) => {
      await expect(page).toHaveURL(
        new RegExp(`/conversations/${walked[index]}\\?walk=list&sort=started_at_asc$`),
      );
      await expect(position).toHaveText(`${index + 1} of 3 in the list`);
    };
    await bodyRows(list).first().getByRole('link').click();
    await at(0);
    const walk = page.getByRole('navigation', { name: 'Review walk' });
    await expect(walk.getByRole('link', { name: 'Previous' })).toHaveCount(0);
    await page.keyboard.press(']');
    await at(1);
    await walk.getByRole('link', { name: 'Next' }).click();
    await at(2);
    await expect(walk.getByRole('link', { name: 'Next' })).toHaveCount(0);
    await page.keyboard.press('[');
    await at(1);
    // Opened on its own (the filters actor follows no campaign yet), the address walks the saved filters again.
    await page.reload();
    await at(1);
    await walk.getByRole('link', { name: 'Previous' }).click();
    await at(0);

    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(
      new RegExp(`/campaigns/${campaign.id}/conversations\\?sort=started_at_asc$`),
    );
    await expect(filterBar(page).getByRole('searchbox', { name: 'Search' })).toHaveValue('refund');
    await expect(list.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => shownIds(list)).toEqual(walked);
  });

  test('an agent sees only their own conversations, without agent column or filter, and opens one with Enter', async ({
    page,
  }) => {
    const seeded = await seedCampaign(supervisor, `${marker} Agent`, varied);
    await loginAs(page, demo.agent, { path: `/campaigns/${seeded.campaign.id}/conversations` });
    const list = listOf(page, seeded.campaign);
    const own = expectedIds(seeded, (conversation) => conversation.agent === 'agent');
    await expect.poll(() => shownIds(list)).toEqual(own);
    await expect(list.getByRole('columnheader', { name: 'Agent' })).toHaveCount(0);
    await expect(filterBar(page).getByRole('button', { name: /^Agents / })).toHaveCount(0);
    // Nothing to upload for an agent when a filter empties the list.
    await filterBar(page).getByRole('searchbox', { name: 'Search' }).fill('nowhere-to-be-found');
    await expect(page.getByText('No conversation matches these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Reset filters' }).last().click();

    const firstLink = bodyRows(list).first().getByRole('link');
    const onWalk = `/conversations/${own[0]}?walk=list&sort=started_at_desc`;
    await expect(firstLink).toHaveAttribute('href', onWalk);
    await firstLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(onWalk);
  });

  test('a call uploaded while the list is open shows up, then fails with its reason, without a reload', async ({
    page,
  }) => {
    // A French campaign: its calls are French, which the local engine cannot transcribe (a permanent failure).
    // Its transcription job waits its turn behind the demo calls' on a fresh server: a busy machine takes a while.
    test.setTimeout(120_000);
    const seeded = await seedCampaign(supervisor, `${marker} Live`, varied.slice(0, 1), { language: 'fr' });
    await loginAs(page, demo.supervisor, { path: `/campaigns/${seeded.campaign.id}/conversations` });
    const list = listOf(page, seeded.campaign);
    await expect(bodyRows(list)).toHaveCount(1);

    const agents = await agentIds(supervisor);
    const call = await supervisor.postForm<{ id: string }>('/calls/audio', {
      campaign_id: seeded.campaign.id,
      agent_id: agents.agent,
      // A tone of its own length, so that no other test's upload counts as the same recording.
      file: { name: 'call.wav', mimeType: 'audio/wav', buffer: wavTone(0.5 + Math.random()) },
    });
    const row = bodyRows(list).filter({ has: page.locator(`a[href^="/conversations/${call.id}?"]`) });
    await expect(row).toContainText('Failed', { timeout: 90_000 });
    await expect(row).toContainText('No transcription engine for this language (French)');
    await expect(bodyRows(list)).toHaveCount(2);
  });

  test('counts the filtered list and exports it as a CSV file, with each item’s answer or not', async ({
    page,
  }) => {
    const seeded = await seedCampaign(supervisor, `${marker} Export`, varied);
    await loginAs(page, demo.supervisor, { path: `/campaigns/${seeded.campaign.id}/conversations` });
    const list = listOf(page, seeded.campaign);
    await choose(page, 'Type', 'Email');
    const emails = expectedIds(seeded, (conversation) => conversation.type === 'email');
    await expect.poll(() => shownIds(list)).toEqual(emails);
    await expect(page.getByRole('status').filter({ hasText: /^\d+ conversations?$/ })).toHaveText(
      `${emails.length} conversation${emails.length === 1 ? '' : 's'}`,
    );

    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV file', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${seeded.campaign.name} conversations .*\\.csv$`));
    const text = await readFile((await file.path()) as string, 'utf8');
    const lines = text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(1 + emails.length);
    for (const id of emails) expect(text).toContain(id);
    await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();

    await page.getByRole('button', { name: 'Export' }).click();
    const detailed = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV file, with each item’s answer' }).click();
    const header = (await readFile((await (await detailed).path()) as string, 'utf8')).split(/\r?\n/)[0];
    expect(header).toContain('validated_by');
    expect(header).toContain('validated_at');
  });
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('an empty campaign says so and offers the upload pages; filters and columns speak French', async ({
    page,
    apiAs,
  }) => {
    const supervisor = await apiAs(demo.supervisor);
    const marker = `Liste E2E ${unique()}`;
    try {
      const empty = await seedCampaign(supervisor, `${marker} vide`, []);
      await loginAs(page, demo.supervisor, {
        path: `/campaigns/${empty.campaign.id}/conversations`,
        shell: false,
      });
      await expect(heading(page, `Conversations · ${empty.campaign.name}`)).toBeVisible();
      await expect(page.getByText('Aucune conversation pour l’instant')).toBeVisible();
      for (const [name, path] of [
        ['Importer des appels', 'calls'],
        ['Importer des chats', 'chats'],
        ['Importer des e-mails', 'emails'],
      ]) {
        await expect(page.getByRole('link', { name })).toHaveAttribute(
          'href',
          `/campaigns/${empty.campaign.id}/${path}/upload`,
        );
      }

      const seeded = await seedCampaign(supervisor, `${marker} pleine`, varied);
      await page.goto(`/campaigns/${seeded.campaign.id}/conversations`);
      const list = listOf(page, seeded.campaign);
      await expect(bodyRows(list)).toHaveCount(12);
      await expect(list.getByRole('columnheader')).toHaveText([
        '',
        'Date',
        'Type',
        'Agent',
        'Durée',
        'Langue',
        'Sentiment',
        'Thèmes',
        'Statut',
      ]);
      await expect(
        page.getByRole('status').filter({ hasText: 'Les 12 conversations sont affichées.' }),
      ).toBeVisible();
      await choose(page, 'Type', 'Appel', 'Filtres');
      await expect(bodyRows(list)).toHaveCount(4);
      await expect(bodyRows(list).first()).toContainText('Appel');
      await page.reload();
      await expect(chips(page, 'Filtres')).toHaveText(['Type : Appel']);
      await showFilters(page, 'Filtres');
      await expect(filterButton(page, 'Type', 'Filtres')).toHaveText('Appel');
      await expect(bodyRows(list)).toHaveCount(4);
    } finally {
      await deleteCampaigns(supervisor, marker);
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('rows are cards that open their conversation, and the filters fold away behind a button that counts them', async ({
    page,
    apiAs,
  }) => {
    const supervisor = await apiAs(demo.supervisor);
    const marker = `List E2E phone ${unique()}`;
    try {
      const seeded = await seedCampaign(supervisor, marker, varied);
      await loginAs(page, demo.supervisor, { path: `/campaigns/${seeded.campaign.id}/conversations` });
      const list = listOf(page, seeded.campaign);
      await expect(bodyRows(list)).toHaveCount(12);
      await expect(filterButton(page, 'Type')).toBeHidden();
      await expect(filterBar(page).getByRole('searchbox', { name: 'Search' })).toBeVisible();
      await choose(page, 'Type', 'Email');
      await expect(bodyRows(list)).toHaveCount(4);
      await expect(moreFilters(page)).toHaveText(/1 active/);
      await expect(chips(page)).toHaveText(['Type: Email']);

      // A tap anywhere on the card follows its link.
      const card = bodyRows(list).first();
      const id = expectedIds(seeded, (conversation) => conversation.type === 'email')[0];
      const box = (await card.boundingBox()) as { width: number; height: number };
      await card.click({ position: { x: box.width / 2, y: box.height - 8 } });
      await expect(page).toHaveURL(`/conversations/${id}?walk=list&sort=started_at_desc`);
    } finally {
      await deleteCampaigns(supervisor, marker);
    }
  });
});

/** The checkbox of each row shown, in order. */
const rowBoxes = (list: Locator): Locator => bodyRows(list).getByRole('checkbox');

/** The selection bar, and what it says of the selection. */
const selectionBar = (page: Page, name = 'Selection'): Locator =>
  page.getByRole('region', { name, exact: true });

/** The id of a demo account among those who may review in the campaign. */
async function reviewerId(supervisor: ApiSession, campaignId: string, name: string): Promise<string> {
  const reviewers = await supervisor.get<{ id: string; name: string }[]>(
    `/campaigns/${campaignId}/reviewers`,
  );
  const found = reviewers.find((reviewer) => reviewer.name === name);
  if (!found) throw new Error(`${name} may not review in ${campaignId}`);
  return found.id;
}

/** The conversations given to a reviewer in a campaign, read through the API. */
async function assignedTo(supervisor: ApiSession, campaignId: string, reviewer: string): Promise<string[]> {
  const page = await supervisor.get<{ items: { conversation: { id: string } }[]; total: number }>(
    `/reviews/assignments?reviewer=${reviewer}&campaign=${campaignId}&limit=100`,
  );
  return page.items.map((item) => item.conversation.id).sort();
}

/** The ids in an exported CSV file, in its order. */
async function exportedIds(page: Page, menuItem: string): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: menuItem, exact: true }).click();
  const text = await readFile((await (await download).path()) as string, 'utf8');
  return text
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(',')[0]?.replace(/^\uFEFF/, '') ?? '');
}

test.describe('chips and the selection', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  let marker: string;
  let supervisor: ApiSession;

  test.beforeEach(async ({ apiAs }) => {
    marker = `List E2E select ${unique()}`;
    supervisor = await apiAs(demo.supervisor);
  });
  test.afterEach(async () => {
    await deleteCampaigns(supervisor, marker);
  });

  test('the filters take one line of chips above the table; removing a chip widens the list; More filters folds', async ({
    page,
  }) => {
    const seeded = await seedCampaign(supervisor, marker, varied);
    await loginAs(page, demo.supervisor, { path: `/campaigns/${seeded.campaign.id}/conversations` });
    const list = listOf(page, seeded.campaign);
    const count = page.getByRole('status').filter({ hasText: /^\d+ conversations?$/ });
    await expect(count).toHaveText('12 conversations');
    await choose(page, 'Type', 'Chat');
    await choose(page, 'tier', 'gold');
    await expect(count).toHaveText('2 conversations');
    await expect(chips(page)).toHaveText(['Type: Chat', 'tier: gold']);

    // Escape folds the full filters and gives the focus back to their button.
    const more = moreFilters(page);
    await filterButton(page, 'Type').focus();
    await page.keyboard.press('Escape');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();
    await expect(filterButton(page, 'Type')).toHaveCount(0);
    await expect(more).toHaveText(/2 active/);

    // With filters set and folded, the table's first rows are above the fold.
    const top = (await bodyRows(list).first().boundingBox())?.y ?? Infinity;
    expect(top).toBeLessThan(900);

    await chips(page)
      .filter({ hasText: 'tier: gold' })
      .getByRole('button', { name: 'Remove the filter tier: gold' })
      .click();
    await expect(count).toHaveText('4 conversations');
    await expect(chips(page)).toHaveText(['Type: Chat']);
    // The focus goes to the chip that takes the removed one's place, then to "More filters" after the last.
    await expect(chips(page).getByRole('button')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(count).toHaveText('12 conversations');
    await expect(chips(page)).toHaveCount(0);
    await expect(more).toBeFocused();
    await page.reload();
    await expect(count).toHaveText('12 conversations');
  });

  test('selects a range with shift-click, exports the selection and assigns it to a reviewer', async ({
    page,
  }) => {
    const seeded = await seedCampaign(supervisor, marker, varied);
    const { id: campaignId } = seeded.campaign;
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaignId}/conversations` });
    const list = listOf(page, seeded.campaign);
    await expect(bodyRows(list)).toHaveCount(12);
    const boxes = rowBoxes(list);
    await boxes.nth(1).click();
    await boxes.nth(4).click({ modifiers: ['Shift'] });
    const picked = seeded.ids.slice(1, 5);
    await expect(selectionBar(page).getByRole('status')).toHaveText('4 selected');
    const header = list.getByRole('checkbox', { name: 'Select the conversations shown' });
    expect(await header.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
    // Picking rows opens none of them.
    await expect(page).toHaveURL(`/campaigns/${campaignId}/conversations`);

    await selectionBar(page).getByRole('button', { name: 'Export the selection' }).click();
    expect((await exportedIds(page, 'CSV file')).sort()).toEqual([...picked].sort());

    // The agent of a picked conversation is left out, the others given to them.
    await selectionBar(page).getByRole('button', { name: 'Assign to a reviewer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign 4 conversations' });
    await dialog.getByRole('combobox', { name: 'Reviewer' }).selectOption({ label: demo.supervisor.name });
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(dialog).toContainText(`4 conversations assigned to ${demo.supervisor.name}.`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const supervisorId = await reviewerId(supervisor, campaignId, demo.supervisor.name);
    expect(await assignedTo(supervisor, campaignId, supervisorId)).toEqual([...picked].sort());

    // Other filters start with no selection; rows picked survive a row arriving live.
    await choose(page, 'Type', 'Chat');
    await expect(selectionBar(page)).toHaveCount(0);
    await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(0);
  });

  test('selects every matching conversation past the page and assigns them all', async ({ page }) => {
    // 53 conversations made through the API before the page opens.
    test.setTimeout(60_000);
    const many: SeedConversation[] = Array.from({ length: 53 }, (_, index) => ({
      type: 'chat',
      agent: 'agent',
      daysAgo: index + 1,
      durationS: 30,
      text: `Message ${index}`,
    }));
    const seeded = await seedCampaign(supervisor, marker, many);
    const { id: campaignId } = seeded.campaign;
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaignId}/conversations` });
    const list = listOf(page, seeded.campaign);
    await expect(bodyRows(list)).toHaveCount(50);
    await list.getByRole('checkbox', { name: 'Select the conversations shown' }).check();
    await expect(selectionBar(page).getByRole('status')).toHaveText('50 selected');
    await selectionBar(page).getByRole('button', { name: 'Select all 53 matching' }).click();
    await expect(selectionBar(page).getByRole('status')).toHaveText('All 53 matching');

    await selectionBar(page).getByRole('button', { name: 'Export the selection' }).click();
    expect(await exportedIds(page, 'CSV file')).toHaveLength(53);

    await selectionBar(page).getByRole('button', { name: 'Assign to a reviewer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign 53 conversations' });
    await dialog.getByRole('combobox', { name: 'Reviewer' }).selectOption({ label: demo.supervisor.name });
    await dialog.getByLabel('Due date (optional)').fill('2099-01-31');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(dialog).toContainText(`53 conversations assigned to ${demo.supervisor.name}.`);
    const supervisorId = await reviewerId(supervisor, campaignId, demo.supervisor.name);
    const page1 = await supervisor.get<{ total: number; items: { due_at: number | null }[] }>(
      `/reviews/assignments?reviewer=${supervisorId}&campaign=${campaignId}&limit=10`,
    );
    expect(page1.total).toBe(53);
    expect(new Date((page1.items[0]?.due_at ?? 0) * 1000).getFullYear()).toBe(2099);
  });
});

test.describe('chips and the selection in French', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

  test('les filtres en puces, la sélection et l’attribution parlent français', async ({ page, apiAs }) => {
    const supervisor = await apiAs(demo.supervisor);
    const marker = `Liste E2E sélection ${unique()}`;
    try {
      const seeded = await seedCampaign(supervisor, marker, varied);
      await loginAs(page, demo.supervisor, {
        path: `/campaigns/${seeded.campaign.id}/conversations`,
        shell: false,
      });
      const list = listOf(page, seeded.campaign);
      await choose(page, 'Type', 'Appel', 'Filtres');
      await expect(chips(page, 'Filtres')).toHaveText(['Type : Appel']);
      await expect(bodyRows(list)).toHaveCount(4);
      await rowBoxes(list).nth(0).click();
      await rowBoxes(list)
        .nth(2)
        .click({ modifiers: ['Shift'] });
      await expect(selectionBar(page, 'Sélection').getByRole('status')).toHaveText('3 sélectionnées');
      await selectionBar(page, 'Sélection')
        .getByRole('button', { name: 'Attribuer à un évaluateur' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Attribuer 3 conversations' });
      await dialog
        .getByRole('combobox', { name: 'Évaluateur' })
        .selectOption({ label: demo.supervisor.name });
      await dialog.getByRole('button', { name: 'Attribuer' }).click();
      await expect(dialog).toContainText(`3 conversations attribuées à ${demo.supervisor.name}.`);
      await dialog.getByRole('button', { name: 'Fermer' }).click();
      await chips(page, 'Filtres').getByRole('button', { name: 'Retirer le filtre Type : Appel' }).click();
      await expect(bodyRows(list)).toHaveCount(12);
      await expect(selectionBar(page, 'Sélection')).toHaveCount(0);
    } finally {
      await deleteCampaigns(supervisor, marker);
    }
  });
});

test.describe('chips and the selection on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('picks cards, shows the bar and exports the selection; chips and the search stay usable', async ({
    page,
    apiAs,
  }) => {
    const supervisor = await apiAs(demo.supervisor);
    const marker = `List E2E phone select ${unique()}`;
    try {
      const seeded = await seedCampaign(supervisor, marker, varied);
      await loginAs(page, demo.supervisor, { path: `/campaigns/${seeded.campaign.id}/conversations` });
      const list = listOf(page, seeded.campaign);
      await choose(page, 'Type', 'Email');
      await moreFilters(page).click();
      await expect(chips(page)).toHaveText(['Type: Email']);
      await expect(bodyRows(list)).toHaveCount(4);
      await rowBoxes(list).nth(0).check();
      await rowBoxes(list).nth(1).check();
      await expect(page).toHaveURL(`/campaigns/${seeded.campaign.id}/conversations`);
      await expect(selectionBar(page).getByRole('status')).toHaveText('2 selected');
      await selectionBar(page).getByRole('button', { name: 'Export the selection' }).click();
      const emails = expectedIds(seeded, (conversation) => conversation.type === 'email');
      expect((await exportedIds(page, 'CSV file')).sort()).toEqual(emails.slice(0, 2).sort());
      await expectFitsWidth(page, 390, [
        filterBar(page).getByRole('searchbox', { name: 'Search' }),
        moreFilters(page),
        chips(page).getByRole('button', { name: 'Remove the filter Type: Email' }),
        selectionBar(page).getByRole('button', { name: 'Clear the selection' }),
      ]);
    } finally {
      await deleteCampaigns(supervisor, marker);
    }
  });
});
