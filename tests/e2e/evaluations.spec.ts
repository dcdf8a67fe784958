// The evaluation panel of the conversation page (issues 9 and 21), on the real server with the demo grid: a supervisor
// evaluates again and follows the job live to its end (the keyboard focus kept on the panel), changes an answer in
// place and comments it (the scores follow),
// validates and un-validates; evidence shows its turn (and puts a call's recording there); the agent reads the
// panel without controls; in French; at 390 px.
import {
  demoUserIds,
  playbackTime,
  settled,
  supportCall,
  transcriptSection,
  uploadCall,
} from './conversation-helpers';
import {
  chatMessages,
  evaluated,
  evaluatedChat,
  itemOf,
  mainScore,
  panelOf,
  percent,
  settledStatus,
  type ApiConversationWithEvaluation,
} from './evaluation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test } from './fixtures';
import { deleteCampaigns, unique, type ApiCampaign } from './management/helpers';

// Each test waits for a chat's evaluation, which takes long on a loaded machine.
test.describe.configure({ timeout: 120_000 });

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
  // The button is disabled while the job works: the keyboard is put on the panel's heading, not lost.
  await expect(panel.getByRole('heading', { name: 'Evaluation', level: 2 })).toBeFocused();
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
  const answer = greets.getByRole('group', { name: 'Answer to “Greets the customer”' });
  await expect(answer.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
  await answer.getByRole('button', { name: 'No' }).click();
  await expect(answer.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true');
  await expect(greets).toContainText('Score 0%');
  await greets.getByRole('button', { name: 'Add a comment: Greets the customer' }).click();
  const comment = greets.getByLabel('Comment on “Greets the customer”');
  await expect(comment).toBeFocused();
  await comment.fill('The greeting was rushed and hard to hear.');
  await greets.getByRole('button', { name: 'Save the comment' }).click();
  await expect(comment).toBeHidden();

  const changed = (await supervisor.get<ApiConversationWithEvaluation>(`/conversations/${chat.id}`))
    .evaluation!;
  expect(changed.main_score).toBeLessThan(before);
  await expect(mainScore(panel)).toHaveText(percent(changed.main_score!));
  await expect(greets).toContainText('Changed by a person');
  await expect(greets).toContainText('Comment: The greeting was rushed and hard to hear.');
  await expect
    .poll(async () => {
      const { evaluation } = await supervisor.get<{
        evaluation: { items: { item_id: string; value: unknown; comment: string | null }[] };
      }>(`/conversations/${chat.id}`);
      return evaluation.items.find((item) => item.comment !== null);
    })
    .toMatchObject({ value: 'no', comment: 'The greeting was rushed and hard to hear.' });

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
  for (const name of [
    /^Add a comment/,
    /^Evaluate again/,
    /^Evaluate all again$/,
    /^Validate$/,
    /^Un-validate$/,
  ]) {
    await expect(panel.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(panel.getByRole('group', { name: /^Answer to/ })).toHaveCount(0);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test("le panneau d'évaluation est en français, validation comprise", async ({ page, apiAs }) => {
    const supervisor = await apiAs(demo.supervisor);
    const chat = await evaluatedChat(supervisor);
    await loginAs(page, demo.supervisor, { path: `/conversations/${chat.id}`, shell: false });
    const panel = panelOf(page);
    await expect(panel.getByRole('heading', { name: 'Évaluation' })).toBeVisible();
    await expect(panel.getByText('Score principal')).toBeVisible();
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

  test('the panel stacks in its tab and fits the screen, each control reachable', async ({ page, apiAs }) => {
    const supervisor = await apiAs(demo.supervisor);
    const chat = await evaluatedChat(supervisor);
    await loginAs(page, demo.supervisor, { path: `/conversations/${chat.id}` });
    await page.getByRole('tab', { name: 'Evaluation' }).click();
    const panel = panelOf(page);
    const greets = itemOf(panel, 'Greets the customer');
    await expect(mainScore(panel)).toBeVisible();
    await expectFitsWidth(page, 390, [
      panel.getByRole('button', { name: 'Validate' }),
      panel.getByRole('button', { name: 'Evaluate all again' }),
      greets.getByRole('button', { name: 'No' }),
      greets.getByRole('button', { name: 'Add a comment: Greets the customer' }),
      greets.getByRole('button', { name: 'Evaluate again: Greets the customer' }),
      greets.getByRole('button', { name: /^Turn 1/ }),
    ]);
    await greets.getByRole('button', { name: 'Add a comment: Greets the customer' }).click();
    await expectFitsWidth(page, 390, [
      greets.getByRole('button', { name: 'Save the comment' }),
      greets.getByLabel('Comment on “Greets the customer”'),
    ]);
  });
});
