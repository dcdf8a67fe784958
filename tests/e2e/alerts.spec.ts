// Alerts end to end on the real server, each in a campaign of its own (so that no other evaluation sets the
// alert off): an alert made through the API notifies live when the job worker's evaluation meets it; an alert
// made on its page notifies live when a person changes an evaluation; the pages change, turn off and delete an
// alert, show mistakes at their fields, and speak French at a phone's width.
import type { Page } from '@playwright/test';
import { demoUserIds } from './conversation-helpers';
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
import { deleteCampaigns, dialog, heading, unique } from './management/helpers';

interface ApiGrid {
  id: string;
  sections: { items: { id: string }[] }[];
}

/** A chat in which the agent never greets: the rules answer "Greets the customer" no. */
const curtChat = [
  { speaker: 'agent', text: 'Go ahead.' },
  { speaker: 'customer', text: 'My invoice shows the same charge twice.' },
  { speaker: 'agent', text: 'I will refund the second one.' },
];

test('an evaluation that meets an alert notifies its recipient live in the panel', async ({
  page,
  apiAs,
}) => {
  // The chat is analysed, then evaluated automatically, by the server's job worker.
  test.setTimeout(90_000);
  const supervisor = await apiAs(demo.supervisor);
  const supervisorId = (await supervisor.get<{ id: string }>('/users/me')).id;
  const campaignName = `Alerts ${Date.now()}`;
  const campaign = await supervisor.post<{ id: string }>('/campaigns', { name: campaignName });
  const empty = await supervisor.get<ApiGrid>(`/campaigns/${campaign.id}/evaluation-grid`);
  const grid = await supervisor.patch<ApiGrid>(`/evaluation-grids/${empty.id}`, {
    sections: [
      {
        name: 'Greeting',
        items: [
          {
            name: 'Greets the customer',
            type: 'binary_item',
            rules: { any_of: ['hello', 'good morning'], speaker: 'agent' },
          },
        ],
      },
    ],
  });
  await supervisor.post('/alerts', {
    campaign_id: campaign.id,
    name: 'No greeting',
    detail: { type: 'binary_item', operator: 'eq', score: 0, item_id: grid.sections[0]!.items[0]!.id },
    recipients: [supervisorId],
  });

  const liveChannel = page.waitForEvent(
    'websocket',
    (socket) => new URL(socket.url()).pathname === '/api/ws',
  );
  await loginAs(page, demo.supervisor);
  await liveChannel;
  await mainMenu(page)
    .getByRole('button', { name: /^Notifications/ })
    .click();
  const before = (await supervisor.notifications()).length;
  await expect(panelItems(page)).toHaveCount(before);

  await supervisor.post(`/campaigns/${campaign.id}/conversations`, {
    type: 'chat',
    agent_id: demoUserIds.agent,
    started_at: Math.floor(Date.now() / 1000) - 600,
    duration_s: 120,
    language: 'en',
    metadata: {},
    messages: curtChat,
  });

  await expect(panelItems(page)).toHaveCount(before + 1, { timeout: 60_000 });
  const top = panelItems(page).first();
  await expect(top).toContainText(`Alert in campaign ${campaignName}`);
  await expect(top).toContainText('Item “Greets the customer” equal to 0');
  await expect(top).toHaveAttribute('data-read', 'false');
  await expect(notificationPanel(page)).toBeVisible();
  await supervisor.delete(`/campaigns/${campaign.id}`);
});

/** The grid of the alert pages' tests: a yes/no item with rules and a multiple-levels item, in one section. */
const greetingSection = (items: object[]) => ({ name: 'Greeting', items });
const greetsItem = {
  name: 'Greets the customer',
  type: 'binary_item',
  rules: { any_of: ['hello', 'good morning'], speaker: 'agent' },
};
const toneItem = {
  name: 'Tone',
  type: 'multiple_levels_item',
  levels: [
    { name: 'Poor', score: 0 },
    { name: 'Good', score: 100 },
  ],
};

interface GridOfCampaign {
  campaignId: string;
  gridId: string;
  greetsId: string;
  toneId: string;
}

/** A campaign of its own (so that no other evaluation sets its alerts off) with the two-item grid. */
async function campaignWithGrid(supervisor: ApiSession, name: string): Promise<GridOfCampaign> {
  const campaign = await supervisor.post<{ id: string }>('/campaigns', { name });
  const empty = await supervisor.get<ApiGrid>(`/campaigns/${campaign.id}/evaluation-grid`);
  const grid = await supervisor.patch<ApiGrid>(`/evaluation-grids/${empty.id}`, {
    sections: [greetingSection([greetsItem, toneItem])],
  });
  const [greets, tone] = grid.sections[0]!.items;
  return { campaignId: campaign.id, gridId: grid.id, greetsId: greets!.id, toneId: tone!.id };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const alertList = (page: Page, name = 'Alerts') => page.getByRole('list', { name });

test('an alert created on its page notifies its recipient live when a person changes an evaluation', async ({
  page,
  apiAs,
}) => {
  test.setTimeout(90_000);
  const supervisor = await apiAs(demo.supervisor);
  const name = `Alert pages ${unique()}`;
  try {
    const { campaignId, greetsId } = await campaignWithGrid(supervisor, name);
    const chat = await supervisor.post<{ id: string }>(`/campaigns/${campaignId}/conversations`, {
      type: 'chat',
      agent_id: demoUserIds.agent,
      language: 'en',
      messages: [
        { speaker: 'agent', text: 'Hello, how can I help?' },
        { speaker: 'customer', text: 'My parcel is late.' },
      ],
    });
    // The engine answers yes (the agent says hello): no alert on "no" yet.
    await expect
      .poll(
        async () =>
          (await supervisor.get<{ evaluation: { status: string } | null }>(`/conversations/${chat.id}`))
            .evaluation?.status,
        { timeout: 60_000 },
      )
      .toBe('done');

    const liveChannel = page.waitForEvent(
      'websocket',
      (socket) => new URL(socket.url()).pathname === '/api/ws',
    );
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaignId}` });
    await liveChannel;
    await page
      .getByRole('navigation', { name: 'Campaign sections' })
      .getByRole('link', { name: 'Alerts' })
      .click();
    await expect(heading(page, 'Alerts')).toBeVisible();
    await expect(page.getByText('No alerts yet')).toBeVisible();
    await page.getByRole('link', { name: 'New alert' }).click();

    await expect(heading(page, 'New alert')).toBeVisible();
    await field(page, 'Name').fill('Not greeted');
    await field(page, 'Watch').selectOption({ label: 'Yes / no item' });
    await field(page, 'Item').selectOption({ label: 'Greeting › Greets the customer' });
    await expect(page.getByText('Yes is 100, no is 0.')).toBeVisible();
    await field(page, 'Condition').selectOption({ label: 'equal to' });
    await field(page, 'Threshold (0 to 100)').fill('0');
    // The creator is offered as the first recipient.
    await expect(page.getByRole('checkbox', { name: `${demo.supervisor.name} (Supervisor)` })).toBeChecked();
    await page.getByRole('button', { name: 'Create the alert' }).click();

    await expect(page).toHaveURL(`/campaigns/${campaignId}/alerts`);
    await expect(toasts(page)).toContainText('Alert created.');
    const card = alertList(page).getByRole('listitem').filter({ hasText: 'Not greeted' });
    await expect(card).toContainText('Item “Greets the customer” equal to 0');
    await expect(card).toContainText(`Notifies: ${demo.supervisor.name}`);
    await expect(card.getByRole('switch', { name: 'Alert “Not greeted” on' })).toBeChecked();

    await mainMenu(page)
      .getByRole('button', { name: /^Notifications/ })
      .click();
    const before = (await supervisor.notifications()).length;
    await expect(panelItems(page)).toHaveCount(before);
    // A person answers "no" on the evaluation panel's behalf, through the same API call it makes.
    await supervisor.put(`/conversations/${chat.id}/evaluation/items/${greetsId}`, {
      evaluation_item: { value: 'no' },
      item_type: 'binary_item',
    });
    await expect(panelItems(page)).toHaveCount(before + 1);
    await expect(panelItems(page).first()).toContainText(`Alert in campaign ${name}`);
    await expect(panelItems(page).first()).toContainText('Item “Greets the customer” equal to 0');
  } finally {
    await deleteCampaigns(supervisor, name);
  }
});

test('an alert is changed, turned off and on, turned off by a new grid, and deleted; mistakes show at their fields', async ({
  page,
  apiAs,
}) => {
  test.setTimeout(60_000);
  const supervisor = await apiAs(demo.supervisor);
  const name = `Alert edits ${unique()}`;
  try {
    const { campaignId, gridId, greetsId } = await campaignWithGrid(supervisor, name);
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaignId}/alerts/create` });
    await expect(heading(page, 'New alert')).toBeVisible();

    // The form's own checks, each at its field.
    await field(page, 'Name').fill(' ');
    await field(page, 'Watch').selectOption({ label: 'Multiple-levels item' });
    await field(page, 'Threshold (0 to 100)').fill('150');
    await page.getByRole('checkbox', { name: `${demo.supervisor.name} (Supervisor)` }).click();
    await page.getByRole('button', { name: 'Create the alert' }).click();
    await expect(field(page, 'Name')).toHaveAccessibleDescription('This field is required.');
    await expect(field(page, 'Item')).toHaveAccessibleDescription('Choose what the alert watches.');
    await expect(field(page, 'Threshold (0 to 100)')).toHaveAccessibleDescription(
      /Enter a number from 0 to 100\./,
    );
    await expect(page.getByRole('group', { name: 'Recipients' })).toContainText(
      'Choose at least one recipient.',
    );

    // The server's refusal: the item chosen left the grid meanwhile.
    await field(page, 'Name').fill('Tone check');
    await field(page, 'Item').selectOption({ label: 'Greeting › Tone' });
    await expect(page.getByText('The score of the level given: Poor 0, Good 100.')).toBeVisible();
    await field(page, 'Condition').selectOption({ label: 'below' });
    await field(page, 'Threshold (0 to 100)').fill('50');
    await page.getByRole('checkbox', { name: `${demo.supervisor.name} (Supervisor)` }).click();
    await supervisor.patch(`/evaluation-grids/${gridId}`, {
      sections: [greetingSection([{ ...greetsItem, id: greetsId }])],
    });
    await page.getByRole('button', { name: 'Create the alert' }).click();
    await expect(field(page, 'Item')).toHaveAccessibleDescription(
      "This element is no longer in the campaign's grid (or changed type): choose another.",
    );
    await expect(toasts(page)).toContainText('The alert was not saved: see the fields marked in red.');
    // The grid is read again: no multiple-levels item is offered any more.
    await expect(field(page, 'Watch').getByRole('option', { name: 'Multiple-levels item' })).toBeDisabled();
    await field(page, 'Watch').selectOption({ label: 'Yes / no item' });
    await field(page, 'Item').selectOption({ label: 'Greeting › Greets the customer' });
    await field(page, 'Condition').selectOption({ label: 'equal to' });
    await field(page, 'Threshold (0 to 100)').fill('0');
    await page.getByRole('button', { name: 'Create the alert' }).click();
    await expect(page).toHaveURL(`/campaigns/${campaignId}/alerts`);

    // Changed on its page; leaving with unsaved changes asks first.
    await alertList(page).getByRole('link', { name: 'Tone check' }).click();
    await expect(heading(page, 'Tone check')).toBeVisible();
    await expect(page.getByText('Nothing to save yet: change a field first.')).toBeVisible();
    await field(page, 'Condition').selectOption({ label: 'at or below' });
    await field(page, 'Threshold (0 to 100)').fill('10');
    await page.getByRole('link', { name: 'Back to the alerts' }).click();
    const leaving = dialog(page, 'Leave without saving?');
    // The dialog's root is a zero-size frame around fixed layers: its title shows that it is open.
    await expect(leaving.getByRole('heading', { name: 'Leave without saving?' })).toBeVisible();
    await leaving.getByRole('button', { name: 'Cancel' }).click();
    await expect(field(page, 'Threshold (0 to 100)')).toHaveValue('10');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toasts(page)).toContainText('Alert saved.');
    await expect(page.getByText('Nothing to save yet: change a field first.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the alerts' }).click();
    const card = alertList(page).getByRole('listitem').filter({ hasText: 'Tone check' });
    await expect(card).toContainText('Item “Greets the customer” at or below 10');

    // Off and on again from the list.
    const toggle = card.getByRole('switch', { name: 'Alert “Tone check” on' });
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(toasts(page)).toContainText('Alert turned off.');
    const [saved] = await supervisor.get<{ id: string; enabled: boolean }[]>(
      `/alerts?campaign_id=${campaignId}`,
    );
    expect(saved?.enabled).toBe(false);
    await toggle.click();
    await expect(toggle).toBeChecked();

    // A grid version without the item turns the alert off, with the reason.
    await supervisor.patch(`/evaluation-grids/${gridId}`, { sections: [greetingSection([toneItem])] });
    await page.reload();
    await expect(card).toContainText('Watches an element that is no longer in the evaluation grid');
    await expect(card).toContainText('Turned off: what it watched was removed from the evaluation grid.');
    await expect(toggle).toBeDisabled();

    // Pointed at an element of the new grid and turned on again on its page.
    await card.getByRole('link', { name: 'Tone check' }).click();
    const turnedOff = page.getByRole('status').filter({ hasText: 'Turned off after a grid change' });
    await expect(turnedOff).toBeVisible();
    await field(page, 'Watch').selectOption({ label: 'Multiple-levels item' });
    await field(page, 'Item').selectOption({ label: 'Greeting › Tone' });
    await page.getByRole('switch', { name: 'Alert on' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toasts(page)).toContainText('Alert saved.');
    await expect(turnedOff).toHaveCount(0);
    const [repointed] = await supervisor.get<{ enabled: boolean; disabled_reason: string | null }[]>(
      `/alerts?campaign_id=${campaignId}`,
    );
    expect(repointed).toMatchObject({ enabled: true, disabled_reason: null });

    // Deleted after a confirmation.
    await page.getByRole('button', { name: 'Delete the alert' }).click();
    await dialog(page, 'Delete this alert?').getByRole('button', { name: 'Delete the alert' }).click();
    await expect(page).toHaveURL(`/campaigns/${campaignId}/alerts`);
    await expect(page.getByText('No alerts yet')).toBeVisible();
    expect(await supervisor.get<unknown[]>(`/alerts?campaign_id=${campaignId}`)).toEqual([]);
  } finally {
    await deleteCampaigns(supervisor, name);
  }
});

test('a viewer of the campaign reads its alerts and is offered no change', async ({ page, apiAs }) => {
  const supervisor = await apiAs(demo.supervisor);
  const admin = await apiAs(demo.admin);
  const name = `Alert reading ${unique()}`;
  try {
    const { campaignId } = await campaignWithGrid(supervisor, name);
    const [supervisorId, viewerId] = await Promise.all([
      admin.userId(demo.supervisor),
      admin.userId(demo.supervisor2),
    ]);
    await supervisor.post(`/campaigns/${campaignId}/users`, { user_id: viewerId, role: 'viewer' });
    const alert = await supervisor.post<{ id: string }>('/alerts', {
      campaign_id: campaignId,
      name: 'Low main score',
      detail: { type: 'main_score', operator: 'lt', score: 60 },
      recipients: [supervisorId],
    });

    await loginAs(page, demo.supervisor2, { path: `/campaigns/${campaignId}` });
    const sections = page.getByRole('navigation', { name: 'Campaign sections' });
    await expect(sections.getByRole('link', { name: 'Alerts' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'New alert' })).toHaveCount(0);
    await sections.getByRole('link', { name: 'Alerts' }).click();
    const card = alertList(page).getByRole('listitem');
    await expect(card).toContainText('Main score below 60');
    await expect(card).toContainText(`Notifies: ${demo.supervisor.name}`);
    await expect(card.getByRole('switch')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New alert' })).toHaveCount(0);

    await card.getByRole('link', { name: 'Low main score' }).click();
    await expect(page).toHaveURL(`/campaigns/${campaignId}/alerts/${alert.id}`);
    await expect(field(page, 'Name')).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Alert on' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete the alert' })).toHaveCount(0);

    await page.goto(`/campaigns/${campaignId}/alerts/create`);
    await expect(page.getByText('Alerts are read-only for you')).toBeVisible();
  } finally {
    await deleteCampaigns(supervisor, name);
  }
});

test.describe('in French at a phone width', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });

  test('the alerts list and form speak French and fit the screen', async ({ page, apiAs }) => {
    const supervisor = await apiAs(demo.supervisor);
    const supervisorId = (await supervisor.get<{ id: string }>('/users/me')).id;
    const name = `Alertes ${unique()}`;
    try {
      const { campaignId } = await campaignWithGrid(supervisor, name);
      await supervisor.post('/alerts', {
        campaign_id: campaignId,
        name: 'Score trop bas',
        detail: { type: 'main_score', operator: 'lt', score: 60.5 },
        recipients: [supervisorId],
      });
      await loginAs(page, demo.supervisor, { path: `/campaigns/${campaignId}/alerts`, shell: false });
      await expect(heading(page, 'Alertes')).toBeVisible();
      const card = alertList(page, 'Alertes').getByRole('listitem');
      await expect(card).toContainText('Score principal inférieur à 60,5');
      await expect(card).toContainText(`Notifie : ${demo.supervisor.name}`);
      await expectFitsWidth(page, 390, [
        page.getByRole('link', { name: 'Nouvelle alerte' }),
        card.getByRole('switch', { name: 'Alerte « Score trop bas » active' }),
      ]);

      await card.getByRole('link', { name: 'Score trop bas' }).click();
      await expect(heading(page, 'Score trop bas')).toBeVisible();
      await expect(field(page, 'Surveiller')).toHaveValue('main_score');
      await expect(field(page, 'Seuil (de 0 à 100)')).toHaveValue('60.5');
      await expectFitsWidth(page, 390, [
        field(page, 'Condition'),
        page.getByRole('checkbox', { name: `${demo.supervisor.name} (Superviseur)` }),
        page.getByRole('button', { name: "Supprimer l'alerte" }),
      ]);

      await page.goto(`/campaigns/${campaignId}/alerts/create`);
      await page.getByRole('button', { name: "Créer l'alerte" }).click();
      await expect(field(page, 'Nom')).toHaveAccessibleDescription('Ce champ est obligatoire.');
      await expectFitsWidth(page, 390, [field(page, 'Surveiller'), field(page, 'Seuil (de 0 à 100)')]);
    } finally {
      await deleteCampaigns(supervisor, name);
    }
  });
});
