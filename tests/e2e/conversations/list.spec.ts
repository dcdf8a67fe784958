// A campaign's conversation list: filters kept per campaign across reloads and campaigns, keyset pages, the date
// order both ways, an agent's own conversations only, links to each conversation, the count and the export (with
// each item's answer or not), English and French, and a phone-width run. Each test lists conversations of a
// campaign of its own, made through the API.
import type { Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { wavTone } from '../../fixtures/audio';
import { demo, expect, loginAs, test, type ApiSession } from '../fixtures';
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

async function choose(page: Page, label: string, option: string, region = 'Filters'): Promise<void> {
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
  return hrefs.map((href) => href.replace('/conversations/', ''));
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
    const first = await seedCampaign(supervisor, `${marker} A`, varied);
    const second = await seedCampaign(supervisor, `${marker} B`, varied.slice(0, 3));
    await loginAs(page, demo.supervisor, { path: `/campaigns/${first.campaign.id}/conversations` });
    await expect(heading(page, `Conversations · ${first.campaign.name}`)).toBeVisible();
    await expect(page).toHaveTitle(`Conversations · ${first.campaign.name} · Quality Monitoring`);
    const list = listOf(page, first.campaign);
    await expect(bodyRows(list)).toHaveCount(12);
    await expect(page.getByRole('status').filter({ hasText: 'All 12 conversations shown.' })).toBeVisible();
    await expect(list.getByRole('columnheader')).toHaveText([
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
    await expect(filterButton(page, 'Type')).toHaveText('Chat');
    await expect(filterButton(page, 'tier')).toHaveText('gold');
    await expect(filterBar(page).getByRole('spinbutton', { name: 'Shortest duration' })).toHaveValue('6');
    await expect.poll(() => shownIds(list)).toEqual(expectedIds(first, longChatsInGold));

    // Another campaign has its own filters (none yet); coming back finds the first one's again.
    await page.goto(`/campaigns/${second.campaign.id}/conversations`);
    await expect(bodyRows(listOf(page, second.campaign))).toHaveCount(3);
    await expect(filterButton(page, 'Type')).toHaveText('All');
    await choose(page, 'Type', 'Email');
    await expect(bodyRows(listOf(page, second.campaign))).toHaveCount(1);
    await page.goto('/campaigns');
    await page.goto(`/campaigns/${first.campaign.id}/conversations`);
    await expect(filterButton(page, 'Type')).toHaveText('Chat');
    await expect.poll(() => shownIds(list)).toEqual(expectedIds(first, longChatsInGold));

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
    await expect(list.getByRole('columnheader')).toHaveText([
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
      has: page.locator(`a[href="/conversations/${validatedId}"]`),
    });
    await expect(validatedRow.getByRole('cell').nth(8)).toHaveText('100');
    await expect(validatedRow.getByRole('cell').nth(9)).toHaveText(demo.supervisor.name);

    await choose(page, 'Items missed', `Request · ${refund.name}`);
    await expect.poll(() => shownIds(list)).toEqual(expectedIds(seeded, (c) => !namesRefund(c)));
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
    await expect(firstLink).toHaveAttribute('href', `/conversations/${own[0]}`);
    await firstLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/conversations/${own[0]}`);
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
    const row = bodyRows(list).filter({ has: page.locator(`a[href="/conversations/${call.id}"]`) });
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
      const more = filterBar(page).getByRole('button', { name: /^Filters/ });
      await more.click();
      await choose(page, 'Type', 'Email');
      await expect(bodyRows(list)).toHaveCount(4);
      await expect(more).toHaveText(/1 active/);

      // A tap anywhere on the card follows its link.
      const card = bodyRows(list).first();
      const id = expectedIds(seeded, (conversation) => conversation.type === 'email')[0];
      const box = (await card.boundingBox()) as { width: number; height: number };
      await card.click({ position: { x: box.width / 2, y: box.height - 8 } });
      await expect(page).toHaveURL(`/conversations/${id}`);
    } finally {
      await deleteCampaigns(supervisor, marker);
    }
  });
});
