// The evaluation grid editor (`/campaigns/{id}/evaluation`): the demo grid shows; a supervisor builds a grid with
// the keyboard and the mouse (a section, a yes/no item with rules, a levels item, a composed item), mistakes are
// said before publishing, publishing makes a version that a reload shows and the history lists; a draft is saved
// without publishing, opened again after a reload, discarded or published; an older version reads read-only; a
// viewer reads the grid without controls, an agent has no such page; in French; at 390 px.
import type { Locator, Page } from '@playwright/test';
import { customerCareId, serviceClientId } from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test, toasts, type ApiSession } from './fixtures';
import { deleteCampaigns, unique, type ApiCampaign } from './management/helpers';

interface ApiGrid {
  id: string;
  version: number;
  sections: { name: string; items: Record<string, unknown>[] }[];
  additional_scores: { name: string; item_ids: string[] }[];
}

const gridOf = (session: ApiSession, campaignId: string) =>
  session.get<ApiGrid>(`/campaigns/${campaignId}/evaluation-grid`);

const region = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });
const item = (scope: Locator, name: string): Locator => scope.getByRole('listitem', { name, exact: true });

test('the demo grid shows with its items, rules, levels, sub-items and additional score', async ({
  page,
}) => {
  await loginAs(page, demo.supervisor, { path: `/campaigns/${customerCareId}/evaluation` });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evaluation grid · Customer Care');
  const greeting = region(page, 'Greeting and identification');
  const greets = item(greeting, 'Greets the customer');
  await expect(greets.getByLabel('Item name')).toHaveValue('Greets the customer');
  await expect(greets.getByLabel('Phrases (one per line)')).toHaveValue(/good morning\nhello/);
  await expect(greets.getByLabel('Turns read')).toHaveValue('first');
  await expect(greets.getByLabel('Number of turns')).toHaveValue('2');
  const explains = page.getByRole('listitem', { name: 'Explains the cause', exact: true });
  await expect(explains.getByLabel('Type')).toHaveValue('multiple_levels_item');
  await expect(explains.getByLabel('Level name').nth(2)).toHaveValue('Clearly explained');
  await expect(explains.getByLabel('Score (0–100)').nth(1)).toHaveValue('50');
  const outcome = page.getByRole('listitem', { name: 'Gives a clear outcome', exact: true });
  await expect(outcome.getByLabel('Sub-item name').first()).toHaveValue('States the action taken');
  const courtesy = page.getByRole('listitem', { name: 'Courtesy', exact: true });
  await expect(courtesy.getByRole('checkbox', { name: 'Greets the customer' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await expect(page.getByRole('list', { name: 'Version history' })).toContainText('Version 1 ·');
});

test('a supervisor builds, reorders and publishes a grid; the version goes up and a reload shows it', async ({
  page,
  apiAs,
}) => {
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  try {
    const campaign = await supervisor.post<ApiCampaign>('/campaigns', {
      name: `Grid ${suffix}`,
      language: 'en',
    });
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/evaluation` });
    await expect(page.getByText('No sections yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add a section' }).click();
    await region(page, 'Section 1').getByLabel('Section name').fill('Opening');
    const opening = region(page, 'Opening');

    // A yes/no item with rules.
    await opening.getByRole('button', { name: 'Add an item' }).click();
    await item(opening, 'Item 1').getByLabel('Item name').fill('Says hello');
    const hello = item(opening, 'Says hello');
    await hello.getByLabel('Weight').fill('2');
    await hello.getByRole('checkbox', { name: 'N/A allowed' }).click();
    await hello.getByRole('checkbox', { name: 'Evaluate with rules' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(hello.getByRole('alert')).toHaveText('Give at least one phrase.');
    await hello.getByLabel('Phrases (one per line)').fill('hello\ngood morning\n');
    await hello.getByLabel('Said by').selectOption({ label: 'The agent' });
    await hello.getByLabel('Turns read').selectOption({ label: 'The first turns' });
    await hello.getByLabel('Number of turns').fill('2');
    await hello.getByLabel('N/A unless one of these is said (one per line)').fill('bill');

    // A multiple-levels item.
    await opening.getByRole('button', { name: 'Add an item' }).click();
    await item(opening, 'Item 2').getByLabel('Item name').fill('Explains');
    const explains = item(opening, 'Explains');
    await explains.getByLabel('Type').selectOption({ label: 'Multiple levels' });
    for (const [index, [name, score]] of [
      ['Poor', '0'],
      ['Unused', '10'],
      ['Clear', '100'],
    ].entries()) {
      await explains.getByRole('button', { name: 'Add a level' }).click();
      await explains.getByLabel('Level name').nth(index).fill(name!);
      await explains.getByLabel('Score (0–100)').nth(index).fill(score!);
    }
    await explains.getByRole('button', { name: 'Delete Level 2' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Level 2?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(explains.getByLabel('Level name')).toHaveCount(2);

    // A composed item whose sub-item has rules.
    await opening.getByRole('button', { name: 'Add an item' }).click();
    await item(opening, 'Item 3').getByLabel('Item name').fill('Closes well');
    const closes = item(opening, 'Closes well');
    await closes.getByLabel('Type').selectOption({ label: 'Composed' });
    await closes.getByRole('button', { name: 'Add a sub-item' }).click();
    await closes.getByLabel('Sub-item name').fill('Says goodbye');
    await closes.getByRole('checkbox', { name: 'Evaluate with rules' }).click();
    await closes.getByLabel('Phrases (one per line)').fill('goodbye');
    await closes.getByLabel('Turns read').selectOption({ label: 'The last turns' });
    await closes.getByLabel('Number of turns').fill('3');
    await closes.getByRole('checkbox', { name: 'Met when none of the phrases is said' }).click();

    // Moved with the keyboard: the focus follows the item.
    await opening.getByRole('button', { name: 'Move Says hello down' }).focus();
    await page.keyboard.press('Enter');
    await expect(opening.getByRole('button', { name: 'Move Says hello down' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(opening.getByRole('button', { name: 'Move Says hello up' })).toBeFocused();
    await expect(opening.getByRole('heading', { level: 4 })).toHaveText([
      'Explains',
      'Closes well',
      'Says hello',
    ]);

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toasts(page)).toContainText('Version 1 is published.');
    await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();

    const published = await gridOf(supervisor, campaign.id);
    expect(published.version).toBe(1);
    expect(published.sections[0]?.items).toMatchObject([
      {
        name: 'Explains',
        type: 'multiple_levels_item',
        levels: [
          { name: 'Poor', score: 0 },
          { name: 'Clear', score: 100 },
        ],
      },
      {
        name: 'Closes well',
        type: 'composed_item',
        sub_items: [
          { name: 'Says goodbye', rules: { any_of: ['goodbye'], within_last_turns: 3, absent: true } },
        ],
      },
      {
        name: 'Says hello',
        type: 'binary_item',
        weight: 2,
        allow_na: true,
        rules: {
          any_of: ['hello', 'good morning'],
          speaker: 'agent',
          within_first_turns: 2,
          na_unless_any_of: ['bill'],
        },
      },
    ]);

    // An additional score names published items; publishing again makes version 2.
    await page.getByRole('button', { name: 'Add an additional score' }).click();
    const score = item(page.locator('main'), 'Score 1');
    await score.getByLabel('Score name').fill('Politeness');
    await item(page.locator('main'), 'Politeness').getByRole('checkbox', { name: 'Says hello' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toasts(page)).toContainText('Version 2 is published.');

    await page.reload();
    const reloaded = region(page, 'Opening');
    await expect(item(reloaded, 'Says hello').getByLabel('Number of turns')).toHaveValue('2');
    await expect(item(reloaded, 'Explains').getByLabel('Level name')).toHaveCount(2);
    await expect(
      item(page.locator('main'), 'Politeness').getByRole('checkbox', { name: 'Says hello' }),
    ).toBeChecked();
    const history = page.getByRole('list', { name: 'Version history' });
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await expect(history.getByRole('listitem').first()).toContainText('Version 2 ·');
    await expect(history.getByRole('listitem').first()).toContainText('current');

    // Version 1, read only: no additional score, nothing to change; the draft of the current one is kept.
    await item(reloaded, 'Says hello').getByLabel('Weight').fill('3');
    await history.getByRole('button', { name: 'Show version 1' }).click();
    await expect(page.getByText('Version 1, read only.')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Politeness' })).toHaveCount(0);
    await expect(item(region(page, 'Opening'), 'Says hello').getByLabel('Item name')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to the current version' }).click();
    await expect(page.getByRole('listitem', { name: 'Politeness' })).toBeVisible();
    await expect(item(region(page, 'Opening'), 'Says hello').getByLabel('Weight')).toHaveValue('3');
    await expect(page.getByRole('button', { name: 'Publish' })).toBeEnabled();
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test('a supervisor saves a draft without publishing; a reload opens it; discarding or publishing ends it', async ({
  page,
  apiAs,
}) => {
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  try {
    const campaign = await supervisor.post<ApiCampaign>('/campaigns', {
      name: `Grid draft ${suffix}`,
      language: 'en',
    });
    const { id: gridId } = await gridOf(supervisor, campaign.id);
    await supervisor.patch(`/evaluation-grids/${gridId}`, {
      sections: [{ name: 'Opening', items: [{ name: 'Says hello', type: 'binary_item' }] }],
    });
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/evaluation` });
    const opening = region(page, 'Opening');
    await expect(item(opening, 'Says hello')).toBeVisible();
    const saveDraft = page.getByRole('button', { name: 'Save draft' });
    await expect(saveDraft).toBeDisabled();

    // A critical item added and saved as a draft: the published version stays as it was.
    await opening.getByRole('button', { name: 'Add an item' }).click();
    await item(opening, 'Item 2').getByLabel('Item name').fill('Reads the legal notice');
    await item(opening, 'Reads the legal notice')
      .getByRole('checkbox', { name: /^Critical/ })
      .click();
    await saveDraft.focus();
    await page.keyboard.press('Enter');
    await expect(toasts(page)).toContainText('The draft is saved.');
    const draftLine = page.getByRole('region', { name: 'Draft', exact: true });
    await expect(draftLine).toContainText(/Draft saved .+ by Sophie Martin\./);
    await expect(saveDraft).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect((await gridOf(supervisor, campaign.id)).sections[0]?.items).toHaveLength(1);

    await page.reload();
    await expect(draftLine).toContainText('Draft saved');
    const legal = item(region(page, 'Opening'), 'Reads the legal notice');
    await expect(legal.getByRole('checkbox', { name: /^Critical/ })).toBeChecked();

    // Discarded after a confirmation, with the keyboard: the editor shows the published version again.
    await legal.getByLabel('Item name').fill('Reads the notice');
    await saveDraft.click();
    await expect(toasts(page)).toContainText('The draft is saved.');
    await draftLine.getByRole('button', { name: 'Discard draft' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Discard the draft?' });
    await confirm.getByRole('button', { name: 'Discard draft' }).focus();
    await page.keyboard.press('Enter');
    await expect(toasts(page)).toContainText('The draft is discarded.');
    await expect(draftLine).toHaveCount(0);
    await expect(region(page, 'Opening').getByRole('heading', { level: 4 })).toHaveText(['Says hello']);

    // Saved again, then published: the draft line goes, and a reload brings no draft back.
    await region(page, 'Opening').getByRole('button', { name: 'Add an item' }).click();
    await item(region(page, 'Opening'), 'Item 2').getByLabel('Item name').fill('Reads the legal notice');
    await saveDraft.click();
    await expect(draftLine).toBeVisible();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toasts(page)).toContainText('Version 2 is published.');
    await expect(draftLine).toHaveCount(0);
    await page.reload();
    await expect(item(region(page, 'Opening'), 'Reads the legal notice')).toBeVisible();
    await expect(draftLine).toHaveCount(0);
    expect(await supervisor.get(`/evaluation-grids/${gridId}/draft`)).toEqual({ draft: null });
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test('a viewer reads the grid without controls; an agent has no grid page', async ({ page, browser }) => {
  await loginAs(page, demo.supervisor2, { path: `/campaigns/${customerCareId}/evaluation` });
  await expect(page.getByText('Read only', { exact: true })).toBeVisible();
  const greets = item(region(page, 'Greeting and identification'), 'Greets the customer');
  await expect(greets.getByLabel('Item name')).toBeDisabled();
  await expect(greets.getByRole('checkbox', { name: 'Evaluate with rules' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  for (const name of ['Publish', 'Add a section', 'Add an item', 'Delete Greets the customer']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }

  const agentPage = await (await browser.newContext()).newPage();
  await loginAs(agentPage, demo.agent, { path: `/campaigns/${customerCareId}/evaluation` });
  await expect(agentPage.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('la grille de démonstration et ses libellés sont en français', async ({ page }) => {
    await loginAs(page, demo.supervisor, { path: `/campaigns/${serviceClientId}/evaluation`, shell: false });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Grille d'évaluation · Service Client");
    const explains = page.getByRole('listitem', { name: 'Explique la cause', exact: true });
    await expect(explains.getByLabel('Type')).toHaveValue('multiple_levels_item');
    await expect(explains.getByLabel('Nom du niveau').first()).toHaveValue('Pas expliqué');
    await expect(page.getByRole('button', { name: 'Publier' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Ajouter une section' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Historique des versions' })).toContainText('Version 1 ·');
    await page.getByRole('button', { name: 'Ajouter une section' }).click();
    await page.getByRole('button', { name: 'Publier' }).click();
    await expect(region(page, 'Section 5').getByRole('alert')).toHaveText('Ce champ est obligatoire.');
  });
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the grid fits the screen, each control reachable', async ({ page }) => {
    await loginAs(page, demo.supervisor, { path: `/campaigns/${customerCareId}/evaluation` });
    const greets = item(region(page, 'Greeting and identification'), 'Greets the customer');
    await expect(greets).toBeVisible();
    await expectFitsWidth(page, 390, [
      greets.getByLabel('Item name'),
      greets.getByLabel('Weight'),
      greets.getByLabel('Phrases (one per line)'),
      greets.getByRole('button', { name: 'Delete Greets the customer' }),
      page.getByRole('button', { name: 'Publish' }),
    ]);
  });
});
