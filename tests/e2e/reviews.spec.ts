// The Reviews pages end to end on the real server, in a campaign of their own: "My queue" lists the assignments
// given through the API (overdue first, marked in words), "Start reviewing" opens the first with the queue walk in
// its address, the Team page counts per reviewer and reassigns in bulk, and a batch of conversations given by a
// sampling rule notifies the reviewer, whose notification opens the queue. Then the queue in French at a phone's
// width.
import type { Page } from '@playwright/test';
import { demoUserIds } from './conversation-helpers';
import { evaluated, mainScore, panelOf } from './evaluation-helpers';
import {
  demo,
  expect,
  expectFitsWidth,
  loginAs,
  mainMenu,
  notificationPanel,
  panelItems,
  test,
  toasts,
  type ApiSession,
} from './fixtures';

const day = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);

interface ApiGrid {
  id: string;
}

/**
 * A campaign of the supervisor's with the agent as a member, supervisor2 as an editor who may review, a one-item
 * grid, and `count` chats of the agent; answers its id, supervisor2's and the chats' ids (newest first).
 */
async function reviewCampaign(supervisor: ApiSession, admin: ApiSession, name: string, count: number) {
  const campaign = await supervisor.post<{ id: string }>('/campaigns', { name });
  const reviewer2 = await admin.userId(demo.supervisor2);
  await supervisor.post(`/campaigns/${campaign.id}/users`, { user_id: demoUserIds.agent, role: 'viewer' });
  await supervisor.post(`/campaigns/${campaign.id}/users`, {
    user_id: reviewer2,
    role: 'editor',
    policy: { can_edit_settings: true },
  });
  const grid = await supervisor.get<ApiGrid>(`/campaigns/${campaign.id}/evaluation-grid`);
  await supervisor.patch(`/evaluation-grids/${grid.id}`, {
    sections: [
      {
        name: 'Courtesy',
        items: [
          {
            name: 'Greets the customer',
            type: 'binary_item',
            rules: { any_of: ['hello'], speaker: 'agent' },
          },
        ],
      },
    ],
  });
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push(await addChat(supervisor, campaign.id, index));
  return { campaignId: campaign.id, reviewer2, conversationIds: ids };
}

async function addChat(supervisor: ApiSession, campaignId: string, index: number) {
  const chat = await supervisor.post<{ id: string }>(`/campaigns/${campaignId}/conversations`, {
    type: 'chat',
    agent_id: demoUserIds.agent,
    started_at: now() - 600 + index,
    duration_s: 120,
    language: 'en',
    metadata: {},
    messages: [
      { speaker: 'customer', text: 'My invoice shows the same charge twice.' },
      { speaker: 'agent', text: 'Hello, I will refund the second one.' },
    ],
  });
  return chat.id;
}

const queueTable = (page: Page, name: string) => page.getByRole('table', { name });

test.describe('the Reviews pages', () => {
  test('the queue lists what was given, Start reviewing walks it, the team reassigns in bulk', async ({
    page,
    apiAs,
  }) => {
    test.setTimeout(120_000);
    const supervisor = await apiAs(demo.supervisor);
    const admin = await apiAs(demo.admin);
    const name = `Review queue ${Date.now()}`;
    const { conversationIds } = await reviewCampaign(supervisor, admin, name, 3);
    const supervisorId = (await supervisor.get<{ id: string }>('/users/me')).id;
    const [first, second, third] = conversationIds as [string, string, string];
    // Due long ago: first in the supervisor's queue, whatever else waits there.
    await supervisor.post('/reviews/assignments', {
      conversation_ids: [first],
      reviewer_id: supervisorId,
      due_at: now() - 400 * day,
    });
    await supervisor.post('/reviews/assignments', {
      conversation_ids: [second, third],
      reviewer_id: supervisorId,
      due_at: now() + 300 * day,
    });

    await loginAs(page, demo.supervisor);
    await mainMenu(page).getByRole('link', { name: 'Reviews' }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(page.getByRole('heading', { name: 'My queue', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Progress this week' })).toContainText(
      /done of \d+ assigned/,
    );
    const rows = queueTable(page, 'My queue').getByRole('row').filter({ hasText: name });
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('Overdue');
    await expect(rows.first()).toContainText(demo.agent.name);
    await expect(rows.nth(1)).not.toContainText('Overdue');

    await page.getByRole('link', { name: 'Start reviewing' }).click();
    await expect(page).toHaveURL(new RegExp(`/conversations/${first}\\?walk=queue$`));

    await page.goto('/reviews/team');
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    await page.getByLabel('Campaign').selectOption({ label: name });
    const team = page.getByRole('table', { name: `Reviewers of ${name}` });
    const sophie = team.getByRole('row').filter({ hasText: demo.supervisor.name });
    const thomas = team.getByRole('row').filter({ hasText: demo.supervisor2.name });
    await expect(sophie.getByRole('cell')).toHaveText([demo.supervisor.name, '3', '0', '1', /^3/]);
    await expect(thomas.getByRole('cell')).toHaveText([demo.supervisor2.name, '0', '0', '0', '0']);

    await sophie.getByRole('button', { name: `Select ${demo.supervisor.name}'s pending ones` }).click();
    await expect(page.getByRole('status').filter({ hasText: '3 selected' })).toBeVisible();
    await page.getByLabel('Reassign to').selectOption({ label: demo.supervisor2.name });
    await page.getByRole('button', { name: 'Reassign', exact: true }).click();
    await expect(toasts(page)).toContainText(`3 assignments given to ${demo.supervisor2.name}.`);
    await expect(thomas.getByRole('cell')).toHaveText([demo.supervisor2.name, '3', '0', '1', /^3/]);
    await expect(sophie.getByRole('cell')).toHaveText([demo.supervisor.name, '0', '0', '0', '0']);

    await page.goto('/reviews');
    await expect(page.getByRole('heading', { name: 'My queue', level: 1 })).toBeVisible();
    await expect(queueTable(page, 'My queue').getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });

  test('a batch given by a sampling rule notifies the reviewer, and the notification opens the queue', async ({
    page,
    apiAs,
  }) => {
    test.setTimeout(120_000);
    const supervisor = await apiAs(demo.supervisor);
    const admin = await apiAs(demo.admin);
    const name = `Review notice ${Date.now()}`;
    const { campaignId, reviewer2 } = await reviewCampaign(supervisor, admin, name, 0);
    await supervisor.put(`/campaigns/${campaignId}/review-rules`, [
      {
        name: 'Everything',
        enabled: true,
        filters: {},
        quota: { all: true },
        reviewers: [reviewer2],
        due_in_days: 2,
      },
    ]);
    await addChat(supervisor, campaignId, 0);
    const thomas = await apiAs(demo.supervisor2);
    await expect
      .poll(
        async () =>
          (await thomas.notifications()).filter(
            (item) => item.type === 'REVIEWS_ASSIGNED' && item.campaign_name === name,
          ).length,
        { timeout: 60_000 },
      )
      .toBe(1);

    await loginAs(page, demo.supervisor2);
    await mainMenu(page)
      .getByRole('button', { name: /^Notifications/ })
      .click();
    await panelItems(page)
      .filter({ hasText: `to review in campaign ${name}` })
      .click();
    await expect(notificationPanel(page)).toBeHidden();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(queueTable(page, 'My queue').getByRole('row').filter({ hasText: name })).toHaveCount(1);
  });
});

test.describe('in French at a phone’s width', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });

  test('the queue shows the overdue in words and Start reviewing fits', async ({ page, apiAs }) => {
    test.setTimeout(120_000);
    const supervisor = await apiAs(demo.supervisor);
    const admin = await apiAs(demo.admin);
    const name = `File FR ${Date.now()}`;
    const { conversationIds } = await reviewCampaign(supervisor, admin, name, 1);
    const supervisorId = (await supervisor.get<{ id: string }>('/users/me')).id;
    await supervisor.post('/reviews/assignments', {
      conversation_ids: conversationIds,
      reviewer_id: supervisorId,
      due_at: now() - 500 * day,
    });

    await loginAs(page, demo.supervisor, { path: '/reviews', shell: false });
    await expect(page.getByRole('heading', { name: 'Ma file de révision', level: 1 })).toBeVisible();
    const row = queueTable(page, 'Ma file de révision').getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('En retard');
    const start = page.getByRole('link', { name: 'Commencer la révision' });
    await expectFitsWidth(page, 390, [start, row]);
    await start.click();
    await expect(page).toHaveURL(new RegExp(`/conversations/${conversationIds[0]}\\?walk=queue$`));
  });
});

test.describe('reviewing from the queue by keyboard only', () => {
  /** The reviewer's progress this week as the queue page says it: done and assigned. */
  async function progressOf(page: Page, label: string, pattern: RegExp) {
    const text = (await page.getByRole('region', { name: label }).textContent()) ?? '';
    const [, done, assigned] = pattern.exec(text) ?? [];
    return { done: Number(done), assigned: Number(assigned) };
  }

  // English at a desktop's width, French at a phone's, where the items' keys wait for the Evaluation tab: the
  // reviewer picks it once, and the review screen keeps it from one conversation to the next.
  for (const { language, locale, viewport, count, labels } of [
    {
      language: 'English',
      locale: 'en-US',
      viewport: { width: 1440, height: 900 },
      count: 5,
      labels: {
        evaluationTab: null,
        saving: 'Saving…',
        progress: 'Progress this week',
        progressText: /(\d+) done of (\d+) assigned/,
        start: 'Start reviewing',
        position: /^\d+ of \d+ in your queue$/,
        comment: (index: number) => `Comment ${index}: greeted late`,
      },
    },
    {
      language: 'French',
      locale: 'fr-FR',
      viewport: { width: 390, height: 844 },
      count: 2,
      labels: {
        evaluationTab: 'Évaluation',
        saving: 'Enregistrement…',
        progress: 'Avancement de la semaine',
        progressText: /(\d+) faites sur (\d+) confiées/,
        start: 'Commencer la révision',
        position: /^\d+ sur \d+ dans votre file$/,
        comment: (index: number) => `Remarque ${index} : salutation tardive`,
      },
    },
  ]) {
    test.describe(`${language} at ${viewport.width} px`, () => {
      test.use({ locale, viewport });

      test(`${count} conversations: answer, comment, validate and next, then the queue's progress`, async ({
        page,
        apiAs,
      }) => {
        test.setTimeout(240_000);
        const supervisor = await apiAs(demo.supervisor);
        const admin = await apiAs(demo.admin);
        const name = `Keyboard review ${language} ${Date.now()}`;
        const { reviewer2, conversationIds } = await reviewCampaign(supervisor, admin, name, count);
        // Oldest first (their list order is newest first); due long before anything else waiting in the queue.
        const ordered = [...conversationIds].reverse();
        for (const id of ordered) await evaluated(supervisor, id);
        for (const [index, id] of ordered.entries())
          await supervisor.post('/reviews/assignments', {
            conversation_ids: [id],
            reviewer_id: reviewer2,
            due_at: now() - 1000 * day + index,
          });

        await loginAs(page, demo.supervisor2, { path: '/reviews', shell: false });
        await expect(page.getByRole('region', { name: labels.progress })).toContainText(labels.progressText);
        const before = await progressOf(page, labels.progress, labels.progressText);
        await page.getByRole('link', { name: labels.start }).focus();
        await page.keyboard.press('Enter');

        for (const [index, id] of ordered.entries()) {
          await expect(page).toHaveURL(new RegExp(`/conversations/${id}\\?walk=queue$`));
          await expect(page.getByText(labels.position)).toBeVisible();
          if (labels.evaluationTab !== null && index === 0) {
            const evaluationTab = page.getByRole('tab', { name: labels.evaluationTab });
            await evaluationTab.focus();
            await page.keyboard.press('Enter');
            await expect(evaluationTab).toHaveAttribute('aria-selected', 'true');
          }
          const panel = panelOf(page);
          await expect(mainScore(panel)).toBeVisible();
          const item = panel.getByRole('listitem').first();
          await page.keyboard.press('j');
          await expect(item).toHaveAttribute('aria-current', 'true');
          await page.keyboard.press('n');
          await expect(item.getByRole('button', { pressed: true })).toHaveCount(1);
          // The comment's Save waits for the answer to be saved (Shift+V would not: it waits by itself).
          await expect(item).not.toContainText(labels.saving);
          await page.keyboard.press('c');
          await page.keyboard.type(labels.comment(index));
          await page.keyboard.press('Tab');
          await page.keyboard.press('Enter');
          await expect(item).toContainText(labels.comment(index));
          await page.keyboard.press('Shift+V');
          await expect(page).not.toHaveURL(new RegExp(`/conversations/${id}\\?`));
        }

        for (const [index, id] of ordered.entries()) {
          const { evaluation } = await supervisor.get<{
            evaluation: { validated: boolean; items: { value: unknown; comment: string | null }[] };
          }>(`/conversations/${id}`);
          expect(evaluation.validated).toBe(true);
          expect(evaluation.items[0]).toMatchObject({ value: 'no', comment: labels.comment(index) });
        }
        await page.goto('/reviews');
        await expect(page.getByRole('region', { name: labels.progress })).toContainText(labels.progressText);
        expect(await progressOf(page, labels.progress, labels.progressText)).toEqual({
          done: before.done + count,
          assigned: before.assigned,
        });
      });
    });
  }
});
