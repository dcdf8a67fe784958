// Coaching end to end on the real server, in a campaign of its own whose chats the job worker evaluates: the
// coaching supervisor writes a plan for an agent from the agent's weakest item, with a goal and an example
// conversation; the agent reads it on their home and acknowledges it; the coach sees the acknowledgement. Then
// the same in French at a phone's width.
import type { Page } from '@playwright/test';
import { demoUserIds } from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test, toasts, type ApiSession } from './fixtures';

interface ApiGrid {
  id: string;
  sections: { items: { id: string }[] }[];
}

interface ApiConversation {
  id: string;
  evaluation: { status: string } | null;
}

const agentSays = (...lines: string[]) =>
  lines.flatMap((text) => [
    { speaker: 'customer', text: 'My invoice shows the same charge twice.' },
    { speaker: 'agent', text },
  ]);

/**
 * A campaign of the supervisor's with the agent as a member, a grid of two rule items, and three chats of the
 * agent, evaluated: the agent greets in two of them and thanks in one, so "Thanks the customer" is their
 * weakest item (33) before "Greets the customer" (67).
 */
async function coachingCampaign(supervisor: ApiSession, name: string) {
  const campaign = await supervisor.post<{ id: string }>('/campaigns', { name });
  await supervisor.post(`/campaigns/${campaign.id}/users`, { user_id: demoUserIds.agent, role: 'viewer' });
  const empty = await supervisor.get<ApiGrid>(`/campaigns/${campaign.id}/evaluation-grid`);
  await supervisor.patch<ApiGrid>(`/evaluation-grids/${empty.id}`, {
    sections: [
      {
        name: 'Courtesy',
        items: [
          {
            name: 'Greets the customer',
            type: 'binary_item',
            rules: { any_of: ['hello'], speaker: 'agent' },
          },
          {
            name: 'Thanks the customer',
            type: 'binary_item',
            rules: { any_of: ['thank you'], speaker: 'agent' },
          },
        ],
      },
    ],
  });
  const chats = [
    agentSays('Hello, I will refund the second one. Thank you for waiting.'),
    agentSays('Hello, I will refund it.'),
    agentSays('Go ahead, I will look.'),
  ];
  for (const [index, messages] of chats.entries()) {
    await supervisor.post(`/campaigns/${campaign.id}/conversations`, {
      type: 'chat',
      agent_id: demoUserIds.agent,
      started_at: Math.floor(Date.now() / 1000) - 600 + index,
      duration_s: 120,
      language: 'en',
      metadata: {},
      messages,
    });
  }
  await expect
    .poll(
      async () => {
        const page = await supervisor.get<{ items: ApiConversation[] }>(
          `/campaigns/${campaign.id}/conversations?limit=10`,
        );
        return page.items.filter((item) => item.evaluation?.status === 'done').length;
      },
      { timeout: 60_000 },
    )
    .toBe(3);
  return campaign.id;
}

const coachingSection = (page: Page, name: RegExp) => page.getByRole('region', { name });

test('a coach writes a plan from the weakest item; the agent acknowledges it; the coach sees it', async ({
  page,
  browser,
  apiAs,
}) => {
  test.setTimeout(120_000);
  const supervisor = await apiAs(demo.supervisor);
  const campaignName = `Coaching ${Date.now()}`;
  const title = `Thank the customer ${Date.now()}`;
  const campaignId = await coachingCampaign(supervisor, campaignName);

  await loginAs(page, demo.supervisor, { path: '/coaching' });
  await expect(page.getByRole('heading', { level: 1, name: 'Coaching' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Agents' }).getByRole('link', { name: demo.agent.name }).click();
  await page.getByRole('link', { name: 'New plan' }).first().click();

  const form = page.getByRole('form', { name: 'New plan' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Campaign').first().selectOption({ label: campaignName });
  const suggestions = form.getByRole('list', { name: 'Weakest items of the agent' });
  await expect(suggestions.getByRole('listitem').first()).toContainText('Thanks the customer');
  await expect(suggestions.getByRole('listitem').first()).toContainText('average 33.3 over 3 answers');
  await suggestions.getByRole('button', { name: 'Add Thanks the customer' }).click();
  const focusItem = form.getByRole('group', { name: 'Thanks the customer' });
  await focusItem.getByLabel('Target score').fill('80');
  await focusItem.getByLabel('Due date').fill('2030-06-30');
  await form.getByLabel('Notes for the agent').fill('Close every chat by thanking the customer.');
  await form.getByRole('button', { name: 'Create the plan' }).click();
  await expect(toasts(page)).toContainText('The plan was created.');

  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByText('Not acknowledged yet')).toBeVisible();
  const attach = page.getByRole('form', { name: 'Attach the conversation' });
  await attach.getByLabel('Campaign').selectOption({ label: campaignName });
  await attach.getByLabel('Note').fill('Listen to how this chat ends.');
  await attach.getByRole('button', { name: 'Attach the conversation' }).click();
  await expect(toasts(page)).toContainText('The conversation was attached.');
  const examples = page.getByRole('list', { name: 'Example conversations' });
  await expect(examples).toContainText('Listen to how this chat ends.');
  await expect(examples).toContainText(campaignName);
  // Today's three chats: the agent thanked in one of them.
  const progress = page.getByRole('region', { name: 'Thanks the customer' });
  await expect(progress).toContainText('Goal: 80');
  await progress.getByRole('button', { name: 'Show table' }).click();
  await expect(progress.getByRole('table')).toContainText('33.3');

  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await loginAs(agentPage, demo.agent);
  const mine = coachingSection(agentPage, /^Your coaching$/);
  const plan = mine.getByRole('listitem').filter({ hasText: title });
  await expect(plan).toContainText('Close every chat by thanking the customer.');
  await expect(plan).toContainText('Thanks the customer');
  await expect(plan).toContainText('goal 80 by Jun 30, 2030');
  await expect(plan).toContainText('Listen to how this chat ends.');
  await expect(plan).toContainText(`From ${demo.supervisor.name}`);
  await plan.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(plan).toContainText('Acknowledged on');
  await expect(plan.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  await agentContext.close();

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByText(/^Acknowledged on /)).toBeVisible();
  await supervisor.delete(`/campaigns/${campaignId}`);
});

test.describe('in French at a phone’s width', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });

  test('the coach finds the plan, the agent acknowledges it on their home', async ({
    page,
    browser,
    apiAs,
  }) => {
    test.setTimeout(120_000);
    const supervisor = await apiAs(demo.supervisor);
    const campaignName = `Coaching FR ${Date.now()}`;
    const title = `Remercier le client ${Date.now()}`;
    const campaignId = await coachingCampaign(supervisor, campaignName);
    const grid = await supervisor.get<ApiGrid>(`/campaigns/${campaignId}/evaluation-grid`);
    await supervisor.post('/coaching/plans', {
      agent_id: demoUserIds.agent,
      title,
      focus_items: [{ campaign_id: campaignId, item_id: grid.sections[0]!.items[1]!.id, target_score: 75 }],
    });

    await loginAs(page, demo.supervisor, { path: `/coaching?agent=${demoUserIds.agent}`, shell: false });
    await expect(page.getByRole('heading', { level: 2, name: `Plans de ${demo.agent.name}` })).toBeVisible();
    const planLink = page.getByRole('link', { name: new RegExp(title) });
    await expect(planLink).toContainText('Pas encore pris en compte');
    await expectFitsWidth(page, 390, [planLink, page.getByRole('link', { name: 'Tous les agents' })]);
    await planLink.click();
    const form = page.getByRole('form', { name: 'Plan de coaching' });
    await expect(
      form.getByRole('group', { name: 'Thanks the customer' }).getByLabel('Score visé'),
    ).toHaveValue('75');
    await expectFitsWidth(page, 390, [
      form.getByRole('button', { name: 'Enregistrer' }),
      form.getByRole('button', { name: 'Supprimer le plan' }),
    ]);

    const agentContext = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });
    const agentPage = await agentContext.newPage();
    await loginAs(agentPage, demo.agent, { shell: false });
    const plan = coachingSection(agentPage, /^Votre coaching$/)
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(plan).toContainText('objectif 75');
    const acknowledge = plan.getByRole('button', { name: 'J’ai pris connaissance' });
    await expectFitsWidth(agentPage, 390, [acknowledge]);
    // By keyboard: the button takes the focus and Enter acknowledges.
    await acknowledge.focus();
    await agentPage.keyboard.press('Enter');
    await expect(plan).toContainText('Pris en compte le');
    await agentContext.close();

    await page.reload();
    await expect(page.getByText(/^Pris en compte le /)).toBeVisible();
    await supervisor.delete(`/campaigns/${campaignId}`);
  });
});
