// The review screen (issue 21) on the real server: from 1024 px the scorecard beside the conversation, each pane
// scrolling on its own (the scorecard does not move while the transcript scrolls, evidence scrolls only the
// conversation's pane); a review from the keyboard only (items, answers, a comment, validation, the ? overlay,
// back to the list); a change the server refuses (the reviewer lost the right in between) put back and said; at
// 390 px, tabs, the chosen one kept after a reload, and evidence that brings the conversation's tab back.
import type { Locator, Page } from '@playwright/test';
import { customerCareId, demoUserIds, transcriptSection } from './conversation-helpers';
import { evaluatedChat, itemOf, mainScore, panelOf } from './evaluation-helpers';
import { demo, expect, loginAs, test, type ApiSession } from './fixtures';
import { deleteCampaigns, unique, type ApiCampaign } from './management/helpers';

// Each test waits for a chat's evaluation, which takes long on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const supervisor2Id = '019a0000-0000-7000-8000-000000000103';

const pane = (page: Page, name: 'conversation' | 'evaluation'): Locator =>
  page.locator(`[data-scroll-pane="${name}"]`);

const answerGroup = (item: Locator, name: string) => item.getByRole('group', { name: `Answer to “${name}”` });

async function evaluationOf(api: ApiSession, id: string) {
  const { evaluation } = await api.get<{
    evaluation: { validated: boolean; items: { item_id: string; value: unknown; comment: string | null }[] };
  }>(`/conversations/${id}`);
  return evaluation;
}

test.describe('side by side at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the scorecard stays where it is while the transcript pane scrolls and evidence is shown', async ({
    page,
    apiAs,
  }) => {
    const supervisor = await apiAs(demo.supervisor);
    const chat = await evaluatedChat(supervisor);
    await loginAs(page, demo.supervisor, { path: `/conversations/${chat.id}` });
    await expect(page.getByTestId('review-screen')).toHaveAttribute('data-layout', 'panes');
    const score = mainScore(panelOf(page));
    await expect(score).toBeVisible();
    const before = await score.boundingBox();

    const conversation = pane(page, 'conversation');
    await conversation.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect.poll(() => conversation.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    expect(await score.boundingBox()).toEqual(before);

    await itemOf(panelOf(page), 'Greets the customer')
      .getByRole('button', { name: /^Turn 1/ })
      .click();
    const turn = transcriptSection(page, /^Messages$/).locator('[data-turn="1"]');
    await expect(turn).toBeFocused();
    await expect(turn).toBeInViewport();
    expect(await score.boundingBox()).toEqual(before);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await pane(page, 'evaluation').evaluate((element) => element.scrollTop)).toBe(0);
  });

  test('a review from the keyboard only: items, answers, a comment, validation, the overlay, back', async ({
    page,
    apiAs,
  }) => {
    const supervisor = await apiAs(demo.supervisor);
    const chat = await evaluatedChat(supervisor);
    await loginAs(page, demo.supervisor, { path: `/conversations/${chat.id}` });
    const panel = panelOf(page);
    await expect(mainScore(panel)).toBeVisible();
    const greets = itemOf(panel, 'Greets the customer');
    const introduces = itemOf(panel, 'Introduces themselves');

    await page.keyboard.press('j');
    await expect(greets).toHaveAttribute('aria-current', 'true');
    await expect(greets).toBeFocused();
    await page.keyboard.press('n');
    await expect(
      answerGroup(greets, 'Greets the customer').getByRole('button', { name: 'No' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(greets).toContainText('Score 0%');

    await page.keyboard.press('ArrowDown');
    await expect(introduces).toHaveAttribute('aria-current', 'true');
    await expect(greets).not.toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('c');
    const comment = introduces.getByLabel('Comment on “Introduces themselves”');
    await expect(comment).toBeFocused();
    // Typed in a field, the review's keys are letters: "n" does not answer, "j" does not move.
    await page.keyboard.type('Gave the name only once, quickly');
    await page.keyboard.press('Tab');
    await expect(introduces.getByRole('button', { name: 'Save the comment' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(introduces).toContainText('Comment: Gave the name only once, quickly');
    await expect(introduces).not.toContainText('Saving…');
    await expect(introduces).toBeFocused();
    await expect(
      answerGroup(introduces, 'Introduces themselves').getByRole('button', { name: 'Yes' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await page.keyboard.press('k');
    await expect(greets).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('v');
    await expect(panel.getByText(/^Validated by you on /)).toBeVisible();
    await expect.poll(async () => (await evaluationOf(supervisor, chat.id)).validated).toBe(true);
    const items = (await evaluationOf(supervisor, chat.id)).items;
    expect(items.find((item) => item.comment !== null)).toMatchObject({
      comment: 'Gave the name only once, quickly',
    });
    expect(items.filter((item) => item.value === 'no').length).toBeGreaterThan(0);

    await page.keyboard.press('?');
    const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(overlay.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
    for (const key of ['j', 'k', 'y', 'n', 'a', '1–9', 'c', 'e', 'v', 'Shift+V', ']', '[', 'Esc', 'u', '?']) {
      await expect(
        overlay.locator('kbd', { hasText: new RegExp(`^${key.replace(/[[\]?+]/g, '\\$&')}$`) }),
      ).toHaveCount(1);
    }
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/conversations/${chat.id}$`));
    await page.keyboard.press('u');
    await expect(page).toHaveURL(new RegExp(`/campaigns/${customerCareId}/conversations`));
    // The demo campaign's validations are counted by other specs (validation statistics): put it back.
    await supervisor.delete(`/conversations/${chat.id}/evaluation/validate`);
  });

  test('an answer the server refuses is put back and the refusal said', async ({ page, apiAs }) => {
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    try {
      const campaign = await supervisor.post<ApiCampaign>('/campaigns', {
        name: `Review ${suffix}`,
        language: 'en',
      });
      await supervisor.post(`/campaigns/${campaign.id}/users`, {
        user_id: demoUserIds.agent,
        role: 'viewer',
      });
      await supervisor.post(`/campaigns/${campaign.id}/users`, { user_id: supervisor2Id, role: 'owner' });
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
      const chat = await evaluatedChat(supervisor, campaign.id);
      await loginAs(page, demo.supervisor2, { path: `/conversations/${chat.id}` });
      const item = itemOf(panelOf(page), 'Says goodbye');
      const yes = answerGroup(item, 'Says goodbye').getByRole('button', { name: 'Yes' });
      await expect(yes).toHaveAttribute('aria-pressed', 'true');

      // The reviewer loses the right to change it between reading and answering.
      await supervisor.put(`/campaigns/${campaign.id}/users/${supervisor2Id}/role`, { role: 'viewer' });
      await page.keyboard.press('j');
      await page.keyboard.press('n');
      await expect(item.getByRole('alert')).toContainText('The answer could not be saved.');
      await expect(item.getByRole('alert')).toContainText('It is shown as it was.');
      await expect(yes).toHaveAttribute('aria-pressed', 'true');
      expect((await evaluationOf(supervisor, chat.id)).items[0]).toMatchObject({ value: 'yes' });
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

  test('la fenêtre des raccourcis et une réponse au clavier, en français', async ({ page, apiAs }) => {
    const supervisor = await apiAs(demo.supervisor);
    const chat = await evaluatedChat(supervisor);
    await loginAs(page, demo.supervisor, { path: `/conversations/${chat.id}`, shell: false });
    const panel = panelOf(page);
    await expect(mainScore(panel)).toBeVisible();
    await page.getByRole('button', { name: 'Raccourcis clavier' }).click();
    const overlay = page.getByRole('dialog', { name: 'Raccourcis clavier' });
    await expect(overlay.getByRole('heading', { name: 'Raccourcis clavier' })).toBeVisible();
    await expect(overlay.getByText('Valider et passer à la conversation suivante')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
    const greets = itemOf(panel, 'Greets the customer');
    await page.keyboard.press('j');
    await page.keyboard.press('n');
    await expect(
      greets
        .getByRole('group', { name: 'Réponse à « Greets the customer »' })
        .getByRole('button', { name: 'Non' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(greets).toContainText('Score 0 %');
  });
});

for (const { locale, tabs } of [
  { locale: 'en-US', tabs: { conversation: 'Conversation', evaluation: 'Evaluation' } },
  { locale: 'fr-FR', tabs: { conversation: 'Conversation', evaluation: 'Évaluation' } },
]) {
  test.describe(`tabs at 390 px (${locale})`, () => {
    test.use({ locale, viewport: { width: 390, height: 844 } });

    test('the chosen tab is kept after a reload; evidence brings the conversation back', async ({
      page,
      apiAs,
    }) => {
      const supervisor = await apiAs(demo.supervisor);
      const chat = await evaluatedChat(supervisor);
      await loginAs(page, demo.supervisor, { path: `/conversations/${chat.id}`, shell: false });
      await expect(page.getByTestId('review-screen')).toHaveAttribute('data-layout', 'tabs');
      const conversationTab = page.getByRole('tab', { name: tabs.conversation });
      const evaluationTab = page.getByRole('tab', { name: tabs.evaluation });
      await expect(conversationTab).toHaveAttribute('aria-selected', 'true');
      await expect(mainScore(panelOf(page))).toBeHidden();

      await evaluationTab.click();
      await expect(evaluationTab).toHaveAttribute('aria-selected', 'true');
      await expect(mainScore(panelOf(page))).toBeVisible();
      await page.reload();
      await expect(page.getByRole('tab', { name: tabs.evaluation })).toHaveAttribute('aria-selected', 'true');
      await expect(mainScore(panelOf(page))).toBeVisible();

      await itemOf(panelOf(page), 'Greets the customer')
        .getByRole('button', { name: /^(Turn|Tour) 1/ })
        .click();
      await expect(conversationTab).toHaveAttribute('aria-selected', 'true');
      const turn = page.locator('[data-turn="1"]');
      await expect(turn).toBeFocused();
      await expect(turn).toBeInViewport();
    });
  });
}
