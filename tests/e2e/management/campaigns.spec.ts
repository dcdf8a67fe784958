// A supervisor's campaigns: the list, creating one, its settings (details, logo, users), duplicating and deleting;
// a campaign keeps its last owner; the same create path in French; the settings page at a mobile width.
import { pngImage } from '../../fixtures/images';
import { demo, expect, loginAs, test, toasts } from '../fixtures';
import {
  bodyRows,
  definition,
  deleteCampaigns,
  dialog,
  heading,
  rowOf,
  section,
  table,
  unique,
  type ApiCampaign,
} from './helpers';

const agent3Option = `${demo.agent3.name} — ${demo.agent3.email} (Agent)`;

test('supervisor: the campaigns list, a new campaign, its settings, logo and users, a duplicate deleted again', async ({
  page,
  apiAs,
}) => {
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  const name = `Retention ${suffix}`;
  try {
    await loginAs(page, demo.supervisor, { path: '/campaigns' });
    await expect(heading(page, 'Campaigns')).toBeVisible();
    const list = table(page, 'Campaigns');
    for (const [campaign, language] of [
      ['Customer Care', 'English'],
      ['Service Client', 'Français'],
    ]) {
      await expect(rowOf(list, campaign!).getByRole('cell')).toHaveText([
        campaign!,
        language!,
        /^\d+$/,
        'Owner',
        /\d/,
      ]);
    }
    await expect(list.getByRole('columnheader', { name: 'My role' })).toBeVisible();

    await page.getByRole('link', { name: 'New campaign' }).click();
    await expect(page).toHaveURL(/\/campaigns\/create$/);
    await expect(heading(page, 'New campaign')).toBeVisible();
    await page.getByRole('button', { name: 'Create the campaign' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This field is required.' })).toBeVisible();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('Calls of customers who want to leave.');
    await page.getByLabel('Language').selectOption({ label: 'Français' });
    await page.getByRole('button', { name: 'Create the campaign' }).click();
    await expect(page).toHaveURL(/\/campaigns\/[\w-]+$/);
    await expect(toasts(page).getByText('Campaign created.')).toBeVisible();
    const campaignUrl = page.url();
    await expect(heading(page, name)).toBeVisible();
    await expect(page.getByText('Calls of customers who want to leave.')).toBeVisible();
    await expect(definition(page, 'Language')).toHaveText('Français');
    await expect(definition(page, 'Members')).toHaveText('1');
    await expect(definition(page, 'My role')).toHaveText('Owner');

    // Settings: the description, saved.
    await page.getByRole('link', { name: 'Campaign settings' }).click();
    await expect(page).toHaveURL(`${campaignUrl}/settings`);
    await expect(heading(page, `Campaign settings · ${name}`)).toBeVisible();
    const details = section(page, 'Details');
    await expect(details.getByLabel('Name')).toHaveValue(name);
    await expect(details.getByLabel('Language')).toHaveValue('fr');
    const save = details.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await details.getByLabel('Description').fill('Customers who want to cancel their contract.');
    await save.click();
    await expect(toasts(page).getByText('Campaign saved.')).toBeVisible();
    await page.reload();
    await expect(section(page, 'Details').getByLabel('Description')).toHaveValue(
      'Customers who want to cancel their contract.',
    );

    // The logo: a real 8 × 8 PNG through the hidden file input.
    const logo = section(page, 'Logo');
    await expect(logo.locator('img')).toHaveCount(0);
    await logo
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngImage(8, 8) });
    await expect(toasts(page).getByText('Logo saved.')).toBeVisible();
    const image = logo.locator('img');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);

    // Users: agent3 added as viewer, the only role an agent can hold, then removed after confirmation.
    const users = section(page, 'Campaign users');
    const members = table(page, 'Campaign users');
    await expect(bodyRows(members)).toHaveCount(1);
    await users.getByRole('button', { name: 'Add a user' }).click();
    const add = dialog(page, `Add a user to ${name}`);
    await add.getByLabel('User', { exact: true }).selectOption({ label: agent3Option });
    const dialogRole = add.getByLabel(`Campaign role of ${demo.agent3.name}`);
    await expect(dialogRole).toBeDisabled();
    await expect(dialogRole).toHaveValue('viewer');
    await add.getByRole('button', { name: 'Add a user' }).click();
    await expect(toasts(page).getByText('User added to the campaign.')).toBeVisible();
    await expect(add).toHaveCount(0);
    const agentRow = rowOf(members, demo.agent3.email);
    await expect(agentRow.getByRole('cell').nth(1)).toHaveText('Agent');
    const agentRole = page.getByLabel(`Campaign role of ${demo.agent3.name}`);
    await expect(agentRole).toHaveValue('viewer');
    await expect(agentRole).toBeDisabled();
    await expect(agentRole.locator('option')).toHaveText(['Viewer']);

    await agentRow.getByRole('button', { name: 'Remove' }).click();
    const remove = dialog(page, 'Remove from the campaign?');
    await expect(remove).toContainText(`${demo.agent3.name} will no longer see ${name}.`);
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(toasts(page).getByText('User removed from the campaign.')).toBeVisible();
    await expect(agentRow).toHaveCount(0);
    await expect(bodyRows(members)).toHaveCount(1);

    // Duplicate: the copy's page; then its deletion, confirmed, back to the list.
    await section(page, 'Duplicate or delete').getByRole('button', { name: 'Duplicate' }).click();
    await expect(toasts(page).getByText('Campaign duplicated: you are now on the copy.')).toBeVisible();
    const copyName = `${name} (copy)`;
    await expect(heading(page, copyName)).toBeVisible();
    await expect(page).toHaveURL(/\/campaigns\/[\w-]+$/);
    expect(page.url()).not.toBe(campaignUrl);
    await expect(page.getByText('Customers who want to cancel their contract.')).toBeVisible();
    await expect(definition(page, 'Language')).toHaveText('Français');
    await expect(definition(page, 'My role')).toHaveText('Owner');

    await page.getByRole('link', { name: 'Campaign settings' }).click();
    await expect(heading(page, `Campaign settings · ${copyName}`)).toBeVisible();
    await page.getByRole('button', { name: 'Delete campaign' }).click();
    const confirmDelete = dialog(page, `Delete “${copyName}”?`);
    await expect(confirmDelete).toContainText('This cannot be undone.');
    await confirmDelete.getByRole('button', { name: 'Delete campaign' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(toasts(page).getByText('Campaign deleted.')).toBeVisible();
    await expect(list.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(list.getByRole('link', { name: copyName })).toHaveCount(0);
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test('supervisor: the last owner of a campaign cannot be removed, nor made a viewer', async ({
  page,
  apiAs,
}) => {
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name: `Sole owner ${suffix}` });
  try {
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings` });
    const members = table(page, 'Campaign users');
    const ownerRow = rowOf(members, demo.supervisor.email);
    const ownerRole = page.getByLabel(`Campaign role of ${demo.supervisor.name}`);
    await expect(ownerRole).toHaveValue('owner');

    await ownerRow.getByRole('button', { name: 'Remove' }).click();
    await dialog(page, 'Remove from the campaign?').getByRole('button', { name: 'Remove' }).click();
    const failure = toasts(page).getByRole('listitem').filter({
      hasText: 'The user could not be removed (a campaign keeps at least one owner).',
    });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('a campaign needs at least one owner');
    await expect(dialog(page, 'Remove from the campaign?')).toHaveCount(0);
    await expect(ownerRow).toBeVisible();
    await expect(ownerRole).toHaveValue('owner');

    await ownerRole.selectOption('viewer');
    await expect(toasts(page).getByText('The access could not be changed.')).toBeVisible();
    await expect(ownerRole).toHaveValue('owner');
    await page.reload();
    await expect(page.getByLabel(`Campaign role of ${demo.supervisor.name}`)).toHaveValue('owner');
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test.describe('with a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('supervisor: the campaigns list and a new campaign, in French', async ({ page, apiAs }) => {
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    const name = `Fidélisation ${suffix}`;
    try {
      await loginAs(page, demo.supervisor, { path: '/campaigns', shell: false });
      await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
      await expect(heading(page, 'Campagnes')).toBeVisible();
      const list = table(page, 'Campagnes');
      await expect(list.getByRole('columnheader', { name: 'Mon rôle' })).toBeVisible();
      await expect(rowOf(list, 'Service Client').getByRole('cell').nth(3)).toHaveText('Propriétaire');

      await page.getByRole('link', { name: 'Nouvelle campagne' }).click();
      await expect(heading(page, 'Nouvelle campagne')).toBeVisible();
      await page.getByRole('button', { name: 'Créer la campagne' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Ce champ est obligatoire.' })).toBeVisible();
      await page.getByLabel('Nom').fill(name);
      await expect(page.getByLabel('Langue')).toHaveValue('en');
      await page.getByLabel('Langue').selectOption({ label: 'Français' });
      await page.getByRole('button', { name: 'Créer la campagne' }).click();
      await expect(toasts(page).getByText('Campagne créée.')).toBeVisible();
      await expect(heading(page, name)).toBeVisible();
      await expect(page.getByText('Pas de description.')).toBeVisible();
      await expect(definition(page, 'Mon rôle')).toHaveText('Propriétaire');
      await expect(page.getByRole('link', { name: 'Paramètres de la campagne' })).toBeVisible();
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});

test.describe('on a mobile width (390×800)', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('supervisor: the campaign settings page fits; the users are cards with every control on screen; the add dialog fits', async ({
    page,
    apiAs,
  }) => {
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name: `Mobile ${suffix}` });
    try {
      const admin = await apiAs(demo.admin);
      await supervisor.post(`/campaigns/${campaign.id}/users`, {
        user_id: await admin.userId(demo.agent3),
        role: 'viewer',
        policy: {},
      });
      await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings` });
      await expect(heading(page, `Campaign settings · ${campaign.name}`)).toBeVisible();
      const members = table(page, 'Campaign users');
      await expect(bodyRows(members)).toHaveCount(2);

      const pageWidth = () => page.evaluate(() => document.scrollingElement!.scrollWidth);
      expect(await pageWidth(), 'the page itself does not scroll sideways').toBeLessThanOrEqual(390);

      // Below 768 px each member is a card of "label: value" lines: every control on screen, none crushed.
      const agentRow = rowOf(members, demo.agent3.email);
      await expect(agentRow.getByRole('cell').first()).toHaveCSS('display', 'flex');
      const roleSelect = agentRow.getByRole('combobox');
      const removeAgent = agentRow.getByRole('button', { name: 'Remove' });
      for (const control of [roleSelect, removeAgent]) {
        await control.scrollIntoViewIfNeeded();
        await expect(control).toBeInViewport({ ratio: 1 });
      }
      const selectWidth = await roleSelect.evaluate((element) => element.getBoundingClientRect().width);
      const textWidth = await roleSelect.evaluate((element: HTMLSelectElement) => {
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = getComputedStyle(element).font;
        return context.measureText(element.selectedOptions[0]!.text).width;
      });
      expect(selectWidth, 'the role reads in full').toBeGreaterThan(textWidth);
      expect(await pageWidth()).toBeLessThanOrEqual(390);

      await section(page, 'Campaign users').getByRole('button', { name: 'Add a user' }).click();
      const add = dialog(page, `Add a user to ${campaign.name}`);
      // The element named dialog is Headless UI's fixed frame; the visible card is its panel.
      const panel = add.locator('[id^="headlessui-dialog-panel"]');
      await expect(panel).toBeVisible();
      const dialogBox = await panel.boundingBox();
      expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
      expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(390);
      expect(dialogBox!.y).toBeGreaterThanOrEqual(0);
      expect(dialogBox!.y + dialogBox!.height).toBeLessThanOrEqual(800);
      const userSelect = add.getByLabel('User', { exact: true });
      const selectBox = await userSelect.boundingBox();
      expect(selectBox!.x + selectBox!.width, 'the user choice fits in the dialog').toBeLessThanOrEqual(
        dialogBox!.x + dialogBox!.width,
      );
      await userSelect.selectOption({ label: `${demo.agent4.name} — ${demo.agent4.email} (Agent)` });
      await expect(add.getByRole('button', { name: 'Add a user' })).toBeInViewport();
      await add.getByRole('button', { name: 'Add a user' }).click();
      await expect(toasts(page).getByText('User added to the campaign.')).toBeVisible();
      await expect(bodyRows(members)).toHaveCount(3);
      expect(await pageWidth()).toBeLessThanOrEqual(390);
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});
