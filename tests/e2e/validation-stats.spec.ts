// The evaluation statistics pages on the demo data: `/campaigns/{id}/validation-stats` (summary, charts, the
// per-item table, the language and engine filters) reached from the campaign page, and an item's
// `/items/{itemId}/evaluation-updates` (before → after in the item's words, comment, who, the conversation link)
// reached from its row; in French; at 390 px.
import type { Page } from '@playwright/test';
import { customerCareId, serviceClientId } from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test } from './fixtures';

/**
 * The demo seeds 320 generated and 6 hand-written conversations and validates every third one in start order
 * (server/demo/conversations/evaluations.ts): 109 in the two campaigns together.
 */
const validatedDemoConversations = 109;
const explainsTheCause = '019a0000-0000-7000-8000-000000001022';

interface ApiStats {
  conversations: number;
  items: { id: string; name: string }[];
  cells: { item_id: string; agreed: number; changed: number; unanswered: number }[];
}

const table = (page: Page) => page.getByRole('table', { name: 'Agreement per item' });
const row = (page: Page, item: string) => table(page).getByRole('row').filter({ hasText: item });

test('the validation statistics of the demo campaign: summary, charts, table and filters', async ({
  page,
  apiAs,
}) => {
  const supervisor = await apiAs(demo.supervisor);
  const stats = await supervisor.get<ApiStats>(
    `/dashboards/graphs/evaluations/items/validation-stats?campaigns=${customerCareId}&campaigns=${serviceClientId}`,
  );
  expect(stats.conversations).toBe(validatedDemoConversations);

  await loginAs(page, demo.supervisor, { path: `/campaigns/${customerCareId}` });
  await page
    .getByRole('navigation', { name: 'Campaign sections' })
    .getByRole('link', { name: 'Validation statistics' })
    .click();
  await expect(page).toHaveURL(`/campaigns/${customerCareId}/validation-stats`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Validation statistics · Customer Care');
  await expect(
    page.getByRole('img', { name: /^Bar chart of the agreement rate of \d+ items/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Line chart of the agreement rate over \d+ weeks/ }),
  ).toBeVisible();

  // The levels item is left to people by the rules engine: nothing to compare, all its answers "left to people".
  const own = await supervisor.get<ApiStats>(
    `/dashboards/graphs/evaluations/items/validation-stats?campaigns=${customerCareId}`,
  );
  const unanswered = own.cells
    .filter((cell) => cell.item_id === explainsTheCause)
    .reduce((sum, cell) => sum + cell.unanswered, 0);
  expect(unanswered).toBe(own.conversations);
  const validated = page.getByText('Validated conversations', { exact: true }).locator('..');
  await expect(validated).toContainText(String(own.conversations));
  const explains = row(page, 'Explains the cause');
  await expect(explains.getByRole('cell').nth(1)).toHaveText('—');
  await expect(explains.getByRole('cell').nth(4)).toHaveText(String(unanswered));

  // An item that people corrected shows less than full agreement.
  const corrected = own.cells.find((cell) => cell.changed > 0);
  const correctedName = own.items.find((item) => item.id === corrected?.item_id)?.name ?? '';
  await expect(row(page, correctedName).getByRole('cell').nth(1)).not.toHaveText('100%');

  // No French conversation in Customer Care: the filter leaves nothing to compare.
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Français' });
  await expect(page.getByText('Answers compared', { exact: true }).locator('..')).toContainText('0');
  await expect(page.getByText('Agreement with the engine', { exact: true }).locator('..')).toContainText('—');
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'All' });
  await page.getByLabel('Engine', { exact: true }).selectOption({ label: 'Rules' });
  await expect(page.getByText('Agreement with the engine', { exact: true }).locator('..')).toContainText('%');

  await page.getByText('Show the weeks as a table').click();
  await expect(page.getByRole('table', { name: 'Agreement per week' }).getByRole('row')).not.toHaveCount(1);
});

test('an item’s changes: before and after in its words, the comment, who, and the conversation', async ({
  page,
  apiAs,
}) => {
  const supervisor = await apiAs(demo.supervisor);
  const own = await supervisor.get<ApiStats>(
    `/dashboards/graphs/evaluations/items/validation-stats?campaigns=${customerCareId}`,
  );
  const corrected = own.cells.find((cell) => cell.changed > 0 && cell.item_id !== explainsTheCause);
  const correctedName = own.items.find((item) => item.id === corrected?.item_id)?.name ?? '';

  await loginAs(page, demo.supervisor, { path: `/campaigns/${customerCareId}/validation-stats` });
  await row(page, correctedName).getByRole('link', { name: correctedName }).click();
  await expect(page).toHaveURL(`/campaigns/${customerCareId}/items/${corrected?.item_id}/evaluation-updates`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Evaluation updates · ${correctedName}`);
  const changes = page.getByRole('list', { name: 'Changes to the item' }).getByRole('listitem');
  const first = changes.first();
  await expect(first).toContainText(/Before: (Yes|No)/);
  await expect(first).toContainText(/After: (Yes|No)/);
  await expect(first).toContainText(`By ${demo.supervisor.name}`);
  await expect(first.getByRole('blockquote')).not.toBeEmpty();
  await first.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);

  // The levels item: answers given by people where the engine gave none, named by their level.
  await page.goto(`/campaigns/${customerCareId}/items/${explainsTheCause}/evaluation-updates`);
  const levels = page.getByRole('list', { name: 'Changes to the item' }).getByRole('listitem');
  await expect(levels.first()).toContainText('Before: No answer');
  await expect(levels.first()).toContainText(/After: (Not explained|Partly explained|Clearly explained)/);
  await expect(page.getByRole('status').filter({ hasText: /changes? shown/ })).toBeVisible();
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('les statistiques de validation et les modifications d’un critère sont en français', async ({
    page,
  }) => {
    await loginAs(page, demo.supervisor, {
      path: `/campaigns/${serviceClientId}/validation-stats`,
      shell: false,
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Statistiques de validation · Service Client',
    );
    await expect(page.getByText('Conversations validées', { exact: true })).toBeVisible();
    const explains = page
      .getByRole('table', { name: 'Accord par critère' })
      .getByRole('row')
      .filter({ hasText: 'Explique la cause' });
    await expect(explains.getByRole('cell').nth(1)).toHaveText('—');
    await expect(page.getByRole('columnheader', { name: 'Laissées aux personnes' })).toBeVisible();
    await explains.getByRole('link', { name: 'Explique la cause' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Modifications d'évaluation · Explique la cause",
    );
    const first = page.getByRole('list', { name: 'Modifications du critère' }).getByRole('listitem').first();
    await expect(first).toContainText('Avant : Aucune réponse');
    await expect(first).toContainText(/Après : (Pas expliqué|En partie expliqué|Clairement expliqué)/);
    await expect(first).toContainText(`Par ${demo.supervisor.name}`);
  });
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('both pages fit the screen, each control reachable', async ({ page }) => {
    await loginAs(page, demo.supervisor, { path: `/campaigns/${customerCareId}/validation-stats` });
    await expect(table(page)).toBeVisible();
    await expectFitsWidth(page, 390, [
      page.getByLabel('Language', { exact: true }),
      page.getByLabel('Engine', { exact: true }),
      page.getByLabel('From', { exact: true }),
      page.getByLabel('To', { exact: true }),
      row(page, 'Explains the cause').getByRole('link', { name: 'Explains the cause' }),
    ]);
    await row(page, 'Explains the cause').getByRole('link', { name: 'Explains the cause' }).click();
    const changes = page.getByRole('list', { name: 'Changes to the item' }).getByRole('listitem');
    await expect(changes.first()).toBeVisible();
    await expectFitsWidth(page, 390, [
      changes.first().getByRole('link', { name: 'Open the conversation' }),
      page.getByRole('link', { name: 'Validation statistics' }).last(),
    ]);
  });
});
