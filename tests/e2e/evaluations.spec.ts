// The evaluation panel of the conversation page (issue 9), on the real server with the demo grid: a supervisor
// evaluates again and follows the job live to its end, changes an answer with a comment (the scores follow),
// validates and un-validates; evidence shows its turn (and puts a call's recording there); the agent reads the
// panel without controls; in French; at 390 px.
import type { Locator, Page } from '@playwright/test';
import {
  customerCareId,
  demoUserIds,
  playbackTime,
  settled,
  supportCall,
  transcriptSection,
  uploadCall,
} from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test, type ApiSession } from './fixtures';
import { deleteCampaigns, unique, type ApiCampaign } from './management/helpers';

interface ApiEvaluation {
  status: 'queued' | 'running' | 'done' | 'failed';
  main_score: number | null;
  validated: boolean;
  items: { item_id: string; evidence: { turn: number; start?: number }[] }[];
}

interface ApiConversationWithEvaluation {
  id: string;
  evaluation: ApiEvaluation | null;
}

const chatMessages = [
  { speaker: 'agent', text: 'Hello and welcome to Demo Telecom customer care, this is Lucas speaking.' },
  { speaker: 'customer', text: 'My router keeps disconnecting every evening.' },
  { speaker: 'agent', text: 'Let us restart it together, unplug it for thirty seconds.' },
  { speaker: 'customer', text: 'Done, it works now.' },
  { speaker: 'agent', text: 'Is there anything else I can help you with today?' },
  { speaker: 'customer', text: 'No, that is all.' },
  { speaker: 'agent', text: 'Thank you for calling Demo Telecom, goodbye.' },
];

/** The conversation once its evaluation (automatic after the analysis) is done. */
async function evaluated(api: ApiSession, id: string): Promise<ApiConversationWithEvaluation> {
  let conversation: ApiConversationWithEvaluation | undefined;
  await expect
    .poll(
      async () => {
        conversation = await api.get<ApiConversationWithEvaluation>(`/conversations/${id}`);
        return conversation.evaluation?.status ?? 'none';
      },
      { timeout: 60_000, intervals: [300, 500, 1000] },
    )
    .toBe('done');
  return conversation as ApiConversationWithEvaluation;
}

/** Waits until the conversation's own processing (analysis) is over, so that launching has turns to read. */
async function settledStatus(api: ApiSession, id: string): Promise<void> {
  await expect
    .poll(async () => (await api.get<{ status: string }>(`/conversations/${id}`)).status, { timeout: 60_000 })
    .toBe('ready');
}

/** A chat of the demo agent in Customer Care, evaluated with the demo grid. */
async function evaluatedChat(api: ApiSession): Promise<ApiConversationWithEvaluation> {
  const { id } = await api.post<{ id: string }>(`/campaigns/${customerCareId}/conversations`, {
    type: 'chat',
    agent_id: demoUserIds.agent,
    started_at: Math.floor(Date.now() / 1000) - 3600,
    duration_s: 300,
    language: 'en',
    metadata: {},
    messages: chatMessages,
  });
  return evaluated(api, id);
}

const panelOf = (page: Page): Locator => page.getByRole('region', { name: /^(Evaluation|Évaluation)$/ });
const itemOf = (panel: Locator, name: string): Locator => panel.getByRole('listitem', { name, exact: true });
const mainScore = (panel: Locator): Locator => panel.getByTestId('main-score');
const percent = (score: number, locale = 'en') =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(score / 100);

test('a supervisor evaluates the conversation again and follows the job live to its end', async ({
  page,
  apiAs,
}) => {
  const supervisor = await apiAs(demo.supervisor);
  const chat = await evaluatedChat(supervisor);
  await loginAs(page, demo.supervisor, { path: `/conversations/${chat.id}` });
  const panel = panelOf(page);
  await expect(mainScore(panel)).toHaveText(percent(chat.evaluation!.main_score!));
  await expect(panel).toHaveAttribute('data-state', 'done');

  // Every stage the panel shows, as it shows it: the job is quick, so each change is recorded as it happens.
  await panel.evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { stages: string[] }).stages = seen;
    new MutationObserver(() => seen.push(element.getAttribute('data-state') ?? '')).observe(element, {
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
  await panel.getByRole('button', { name: 'Evaluate all again' }).click();
  const confirm = page.getByRole('dialog', { name: 'Evaluate the whole conversation again?' });
  await confirm.getByRole('button', { name: 'Evaluate all again' }).click();
  await expect(panel).toHaveAttribute('data-state', 'done');
  await expect(mainScore(panel)).toHaveText(percent(chat.evaluation!.main_score!));
  const stages = await page.evaluate(() => (window as unknown as { stages: string[] }).stages);
  // Launched, then queued, running or reading the result as the live messages come (a quick job may end before
  // the launch is answered, going straight to reading its result), then done.
  expect(stages[0]).toBe('launching');
  expect(stages.at(-1)).toBe('done');
  const between = stages.slice(1, -1);
  expect(between.length).toBeGreaterThan(0);
  expect(between.filter((stage) => !['queued', 'running', 'collecting'].includes(stage))).toEqual([]);
  await expect(itemOf(panel, 'Greets the customer')).toContainText('A phrase of the rules was said.');
});

test('without a grid the panel says so; once published, a conversation not evaluated is launched from the panel', async ({
  page,
  apiAs,
}) => {
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  try {
    const campaign = await supervisor.post<ApiCampaign>('/campaigns', {
      name: `Panel ${suffix}`,
      language: 'en',
    });
    await supervisor.patch(`/campaigns/${campaign.id}`, { auto_evaluate: false });
    await supervisor.post(`/campaigns/${campaign.id}/users`, { user_id: demoUserIds.agent, role: 'viewer' });
    const { id } = await supervisor.post<{ id: string }>(`/campaigns/${campaign.id}/conversations`, {
      type: 'chat',
      agent_id: demoUserIds.agent,
      started_at: Math.floor(Date.now() / 1000) - 3600,
      duration_s: 300,
      language: 'en',
      metadata: {},
      messages: chatMessages,
    });
    await loginAs(page, demo.supervisor, { path: `/conversations/${id}` });
    const panel = panelOf(page);
    await expect(panel.getByText('No evaluation grid is published for this campaign yet.')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Open the grid' })).toHaveAttribute(
      'href',
      `/campaigns/${campaign.id}/evaluation`,
    );

    const grid = await supervisor.get<{ id: string }>(`/campaigns/${campaign.id}/evaluation-grid`);
    await supervisor.patch(`/evaluation-grids/${grid.id}`, {
      sections: [
        {
          name: 'Closing',
          items: [
            { name: 'Says goodbye', type: 'binary_item', rules: { any_of: ['goodbye'], speaker: 'agent' } },
          ],
        },
      ],
    });
    await settledStatus(supervisor, id);
    await page.reload();
    await expect(panel.getByText('Not evaluated yet.')).toBeVisible();
    await panel.getByRole('button', { name: 'Evaluate', exact: true }).click();
    await expect(panel).toHaveAttribute('data-state', 'done');
    await expect(mainScore(panel)).toHaveText('100%');
    await expect(itemOf(panel, 'Says goodbye')).toContainText('Yes');
    await expect(panel.getByText('Rules engine · grid version 1')).toBeVisible();
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test('a supervisor changes an answer with a comment, the scores follow; validates and un-validates', async ({
  page,
  apiAs,
}) => {
  const supervisor = await apiAs(demo.supervisor);
  const chat = await evaluatedChat(supervisor);
  await loginAs(page, demo.supervisor, { path: `/conversations/${chat.id}` });
  const panel = panelOf(page);
  const before = chat.evaluation!.main_score!;
  await expect(mainScore(panel)).toHaveText(percent(before));

  const greets = itemOf(panel, 'Greets the customer');
  await greets.getByRole('button', { name: 'Change: Greets the customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the answer to “Greets the customer”' });
  await expect(dialog.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Yes' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'No' })).toBeChecked();
  await dialog.getByLabel('Comment (optional)').fill('The greeting was rushed and hard to hear.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const changed = (await supervisor.get<ApiConversationWithEvaluation>(`/conversations/${chat.id}`))
    .evaluation!;
  expect(changed.main_score).toBeLessThan(before);
  await expect(mainScore(panel)).toHaveText(percent(changed.main_score!));
  await expect(greets).toContainText('Changed by a person');
  await expect(greets).toContainText('Comment: The greeting was rushed and hard to hear.');
  await expect(greets).toContainText('No');

  await panel.getByRole('button', { name: 'Validate' }).click();
  await expect(panel.getByText(/^Validated by you on /)).toBeVisible();
  await expect
    .poll(
      async () =>
        (await supervisor.get<ApiConversationWithEvaluation>(`/conversations/${chat.id}`)).evaluation!
          .validated,
    )
    .toBe(true);
  await page.reload();
  await expect(panel.getByText(/^Validated by you on /)).toBeVisible();

  await panel.getByRole('button', { name: 'Un-validate' }).click();
  await expect(panel.getByText('Not validated yet.')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await supervisor.get<ApiConversationWithEvaluation>(`/conversations/${chat.id}`)).evaluation!
          .validated,
    )
    .toBe(false);
});

test('a piece of evidence shows its message in the thread', async ({ page, apiAs }) => {
  const supervisor = await apiAs(demo.supervisor);
  const chat = await evaluatedChat(supervisor);
  await loginAs(page, demo.supervisor, { path: `/conversations/${chat.id}` });
  const looks = itemOf(panelOf(page), 'Looks into the case');
  await looks.getByRole('button', { name: /^Turn 3/ }).click();
  const turn = transcriptSection(page, /^Messages$/).locator('[data-turn="3"]');
  await expect(turn).toHaveAttribute('data-focused', 'true');
  await expect(turn).toBeFocused();
  await expect(turn).toBeInViewport();
  await expect(turn).toContainText('Let us restart it together');
});

test("a call's evidence puts the recording at its turn", async ({ page, apiAs }) => {
  test.setTimeout(150_000);
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  try {
    // A campaign whose one item is met by the apology of the call's third turn, which starts seconds in.
    const campaign = await supervisor.post<ApiCampaign>('/campaigns', {
      name: `Calls ${suffix}`,
      language: 'en',
    });
    await supervisor.post(`/campaigns/${campaign.id}/users`, { user_id: demoUserIds.agent, role: 'viewer' });
    const grid = await supervisor.get<{ id: string }>(`/campaigns/${campaign.id}/evaluation-grid`);
    await supervisor.patch(`/evaluation-grids/${grid.id}`, {
      sections: [
        {
          name: 'Empathy',
          items: [
            { name: 'Apologises', type: 'binary_item', rules: { any_of: ['sorry'], speaker: 'agent' } },
          ],
        },
      ],
    });
    const call = await settled(
      supervisor,
      (await uploadCall(supervisor, supportCall, { campaignId: campaign.id })).id,
    );
    const evaluation = (await evaluated(supervisor, call.id)).evaluation!;
    const evidence = evaluation.items[0]!.evidence[0]!;
    expect(evidence.start).toBeGreaterThan(0);

    await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}` });
    const apologises = itemOf(panelOf(page), 'Apologises');
    await apologises.getByRole('button', { name: new RegExp(`^Turn ${evidence.turn} `) }).click();
    await expect(page.locator(`[data-turn="${evidence.turn}"]`)).toHaveAttribute('data-focused', 'true');
    await expect.poll(() => playbackTime(page)).toBeCloseTo(evidence.start!, 1);
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test('the agent reads the evaluation of their conversation without any control', async ({ page, apiAs }) => {
  const supervisor = await apiAs(demo.supervisor);
  const chat = await evaluatedChat(supervisor);
  await loginAs(page, demo.agent, { path: `/conversations/${chat.id}` });
  const panel = panelOf(page);
  await expect(mainScore(panel)).toHaveText(percent(chat.evaluation!.main_score!));
  await expect(itemOf(panel, 'Greets the customer')).toContainText('Yes');
  await expect(panel.getByText('Not validated yet.')).toBeVisible();
  for (const name of [/^Change/, /^Evaluate again/, /^Evaluate all again$/, /^Validate$/, /^Un-validate$/]) {
    await expect(panel.getByRole('button', { name })).toHaveCount(0);
  }
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test("le panneau d'évaluation est en français, validation comprise", async ({ page, apiAs }) => {
    const supervisor = await apiAs(demo.supervisor);
    const chat = await evaluatedChat(supervisor);
    await loginAs(page, demo.supervisor, { path: `/conversations/${chat.id}`, shell: false });
    const panel = panelOf(page);
    await expect(panel.getByRole('heading', { name: 'Évaluation' })).toBeVisible();
    await expect(panel.getByText('Score global')).toBeVisible();
    await expect(mainScore(panel)).toHaveText(percent(chat.evaluation!.main_score!, 'fr'));
    await expect(panel.getByText('Moteur de règles · grille version 1')).toBeVisible();
    const greets = itemOf(panel, 'Greets the customer');
    await expect(greets).toContainText('Une expression des règles a été dite.');
    await expect(greets.getByRole('button', { name: /^Tour 1/ })).toContainText('« Hello and welcome');
    await panel.getByRole('button', { name: 'Valider' }).click();
    await expect(panel.getByText(/^Validée par vous le /)).toBeVisible();
    await panel.getByRole('button', { name: 'Annuler la validation' }).click();
    await expect(panel.getByText('Pas encore validée.')).toBeVisible();
  });
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the panel stacks and fits the screen, each control reachable', async ({ page, apiAs }) => {
    const supervisor = await apiAs(demo.supervisor);
    const chat = await evaluatedChat(supervisor);
    await loginAs(page, demo.supervisor, { path: `/conversations/${chat.id}` });
    const panel = panelOf(page);
    const greets = itemOf(panel, 'Greets the customer');
    await expect(mainScore(panel)).toBeVisible();
    await expectFitsWidth(page, 390, [
      panel.getByRole('button', { name: 'Validate' }),
      panel.getByRole('button', { name: 'Evaluate all again' }),
      greets.getByRole('button', { name: 'Change: Greets the customer' }),
      greets.getByRole('button', { name: 'Evaluate again: Greets the customer' }),
      greets.getByRole('button', { name: /^Turn 1/ }),
    ]);
    await greets.getByRole('button', { name: 'Change: Greets the customer' }).click();
    const dialog = page.getByRole('dialog');
    await expectFitsWidth(page, 390, [
      dialog.getByRole('button', { name: 'Save' }),
      dialog.getByLabel('Comment (optional)'),
    ]);
  });
});
