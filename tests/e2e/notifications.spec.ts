// The notification panel: the list with its unread items, the bell, opening a notification, closing the
// panel, an empty list, and mentions pushed live over the WebSocket. Each test sets up what it needs (an unread
// notification, nothing unread), so any of them runs alone or again.
import type { Page } from '@playwright/test';
import {
  demo,
  expect,
  loginAs,
  mainMenu,
  notificationPanel,
  panelItems,
  test,
  type ApiNotification,
  type ApiSession,
} from './fixtures';

const bell = (page: Page) => mainMenu(page).getByRole('button', { name: /^Notifications/ });

async function openPanel(page: Page) {
  await bell(page).click();
  await expect(notificationPanel(page)).toBeVisible();
  await expect(notificationPanel(page).getByText('Loading...')).toHaveCount(0);
}

/**
 * Counts the page's open live channels (WebSocket /api/ws) in `window.openLiveChannels`. The server attaches a
 * socket to its user before answering the upgrade, so once one is open a push reaches the page. Call before
 * the page loads; then `liveChannelOpen`.
 */
async function watchLiveChannel(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { openLiveChannels: number };
    counted.openLiveChannels = 0;
    const NativeWebSocket = window.WebSocket;
    window.WebSocket = class extends NativeWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (new URL(String(url)).pathname !== '/api/ws') return;
        let opened = false;
        this.addEventListener('open', () => {
          opened = true;
          counted.openLiveChannels += 1;
        });
        this.addEventListener('close', () => {
          if (opened) counted.openLiveChannels -= 1;
        });
      }
    };
  });
}

const liveChannelOpen = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { openLiveChannels: number }).openLiveChannels > 0);

const isUnread = (item: ApiNotification) => !item.read;

/** A conversation of a campaign, from the supervisor's notifications. */
async function conversationOf(
  session: ApiSession,
  campaign: string,
  where: (n: ApiNotification) => boolean = () => true,
) {
  const found = (await session.notifications()).find((n) => n.campaign_name === campaign && where(n));
  if (!found) throw new Error(`No notification about a ${campaign} conversation`);
  return found.conversation_id;
}

test('the panel lists every notification, unread ones highlighted, and the bell says something is new', async ({
  page,
  apiAs,
}) => {
  const supervisor = await apiAs(demo.supervisor);
  const onServer = await supervisor.notifications();
  expect(onServer.length).toBeGreaterThanOrEqual(6);
  expect(onServer.some(isUnread)).toBe(true);

  await loginAs(page, demo.supervisor);
  await expect(bell(page)).toHaveAccessibleName('Notifications (new)');
  await expect(bell(page)).toHaveAttribute('data-has-new', 'true');
  await expect(bell(page)).toHaveAttribute('aria-expanded', 'false');

  await openPanel(page);
  const panel = notificationPanel(page);
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Close notifications' })).toBeFocused();
  await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
  const box = await panel.boundingBox();
  expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([350, 450]);

  const items = panelItems(page);
  await expect(items).toHaveCount(onServer.length);
  for (const [index, item] of onServer.entries()) {
    await expect(items.nth(index)).toHaveAttribute('data-read', String(item.read));
    const campaign = new RegExp(`campaign ${item.campaign_name}`);
    await expect(items.nth(index)).toContainText(campaign);
  }
  // The demo's texts: a mention by the admin and an alert on an item, both recent, both unread.
  // What the demo's mentions and alerts say.
  await expect(
    items.filter({ hasText: 'Camille Roux mentioned you in campaign Service Client' }),
  ).toHaveCount(1);
  await expect(items.filter({ hasText: 'Alert in campaign Service Client' })).toContainText(
    'Item “Verified the customer identity” equal to 0',
  );
  await expect(items.filter({ hasText: 'Main score below 60' })).toContainText(
    'Alert in campaign Customer Care',
  );
  await expect(items.filter({ hasText: 'Section “Greeting” at or below 50' })).toHaveCount(1);
  const unread = items.and(page.locator('[data-read="false"]')).first();
  const read = items.and(page.locator('[data-read="true"]')).first();
  const background = (locator: typeof unread) =>
    locator.evaluate((node) => getComputedStyle(node).backgroundColor);
  expect(await background(unread), 'unread notifications are highlighted').not.toBe(await background(read));
  // Not by colour alone: unread ones are bold, with a bar and a dot.
  const weight = (locator: typeof unread) => locator.evaluate((node) => getComputedStyle(node).fontWeight);
  expect([await weight(unread), await weight(read)]).toEqual(['600', '400']);
  await expect(unread.locator('span[aria-hidden="true"].rounded-full')).toBeVisible();
  await expect(panel.getByText('No more notifications.')).toBeVisible();
  // The oldest (400 days old in the demo) shows its date; the others today's time, "Yesterday" or "N days ago".
  const oldest = onServer.at(-1) as ApiNotification;
  expect(Date.now() / 1000 - oldest.created_at).toBeGreaterThan(366 * 24 * 3600);
  await expect(items.last().locator('time')).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
  await expect(items.locator('time')).toHaveText(
    onServer.map(() => /^(\d{2}:\d{2}|Yesterday|\d+ days? ago|\d{1,2}\/\d{1,2}\/\d{4})$/),
  );

  // Escape closes the panel, and focus goes back to the entry that opened it; so does the close button.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(bell(page)).toBeFocused();
  await openPanel(page);
  await notificationPanel(page).getByRole('button', { name: 'Close notifications' }).click();
  await expect(notificationPanel(page)).toHaveCount(0);
  // The bell toggles it too.
  await openPanel(page);
  await bell(page).click();
  await expect(notificationPanel(page)).toHaveCount(0);
});

test('clicking an unread notification opens its conversation and marks it read, here and on the server', async ({
  page,
  apiAs,
}) => {
  const [supervisor, supervisor2] = await Promise.all([apiAs(demo.supervisor), apiAs(demo.supervisor2)]);
  // An unread notification of its own: a fresh mention, the newest of the list.
  await supervisor2.post(
    `/conversations/${await conversationOf(supervisor, 'Customer Care')}/discussion/message`,
    {
      body: 'Please check the greeting.',
      mentions: [(await supervisor.get<{ id: string }>('/users/me')).id],
    },
  );
  const before = await supervisor.notifications();
  const index = 0;
  const target = before[index] as ApiNotification;
  expect(target.read, 'the new mention is unread').toBe(false);

  await loginAs(page, demo.supervisor);
  await openPanel(page);
  const item = panelItems(page).nth(index);
  await expect(item).toHaveAttribute('data-read', 'false');
  await item.click();

  await expect(page).toHaveURL(new RegExp(`/conversations/${target.conversation_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: /^(Call|Chat|Emails) on / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Discussion' })).toContainText('Please check the greeting.');
  await expect(notificationPanel(page)).toHaveCount(0);

  await expect
    .poll(async () => (await supervisor.notifications()).find((n) => n.id === target.id)?.read, {
      message: 'GET /api/notifications says it is read',
    })
    .toBe(true);

  await openPanel(page);
  await expect(panelItems(page).nth(index)).toHaveAttribute('data-read', 'true');
  // Only that one changed.
  const after = await supervisor.notifications();
  expect(after.filter((n) => n.id !== target.id).map((n) => n.read)).toEqual(
    before.filter((n) => n.id !== target.id).map((n) => n.read),
  );

  // It stays read after a reload.
  await page.reload();
  await openPanel(page);
  await expect(panelItems(page).nth(index)).toHaveAttribute('data-read', 'true');
});

test('a user without notifications sees "No notifications." and a plain bell', async ({ page, apiAs }) => {
  const agent2 = await apiAs(demo.agent2);
  expect(await agent2.notifications()).toEqual([]);

  await loginAs(page, demo.agent2);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(bell(page)).toHaveAttribute('data-has-new', 'false');
  await openPanel(page);
  await expect(notificationPanel(page).getByText('No notifications.')).toBeVisible();
  await expect(panelItems(page)).toHaveCount(0);
  await expect(notificationPanel(page).getByText('No more notifications.')).toHaveCount(0);
});

test('a list that cannot be loaded says so, and loads again when the panel reopens', async ({
  page,
  context,
}) => {
  await loginAs(page, demo.supervisor2);
  await context.setOffline(true);
  try {
    await bell(page).click();
    await expect(notificationPanel(page).getByText('Error loading notifications.')).toBeVisible();
    await expect(panelItems(page)).toHaveCount(0);
    await bell(page).click();
    await expect(notificationPanel(page)).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
  await openPanel(page);
  await expect(notificationPanel(page).getByText('Error loading notifications.')).toHaveCount(0);
  await expect(
    panelItems(page).or(notificationPanel(page).getByText('No notifications.')).first(),
  ).toBeVisible();
});

test('a mention posted while the panel is open appears at the top without a reload', async ({
  page,
  apiAs,
}) => {
  const [supervisor, supervisor2] = await Promise.all([apiAs(demo.supervisor), apiAs(demo.supervisor2)]);
  const supervisorId = (await supervisor.get<{ id: string }>('/users/me')).id;
  const conversationId = await conversationOf(supervisor, 'Customer Care');
  const countBefore = (await supervisor.notifications()).length;

  await watchLiveChannel(page);
  await loginAs(page, demo.supervisor);
  await openPanel(page);
  await expect(panelItems(page)).toHaveCount(countBefore);
  await liveChannelOpen(page);
  const topBefore = await panelItems(page).first().textContent();

  await supervisor2.post(`/conversations/${conversationId}/discussion/message`, {
    body: 'Could you have a look at this one?',
    mentions: [supervisorId],
  });

  await expect(panelItems(page)).toHaveCount(countBefore + 1, { timeout: 5000 });
  const top = panelItems(page).first();
  await expect(top).toContainText('Thomas Bernard mentioned you in campaign Customer Care');
  await expect(top).toHaveAttribute('data-read', 'false');
  await expect(top).not.toHaveText(topBefore ?? '');
  await expect(top.locator('time')).toHaveText(/^\d{2}:\d{2}$/);
  await expect(notificationPanel(page)).toBeVisible();
  await expect(bell(page)).toHaveAttribute('data-has-new', 'true');
});

test('a mention pushed to a user with nothing unread turns the bell to "new" without a reload', async ({
  page,
  apiAs,
}) => {
  const [supervisor, agent3] = await Promise.all([apiAs(demo.supervisor), apiAs(demo.agent3)]);
  // Nothing unread to start with, whatever ran before.
  for (const item of (await agent3.notifications()).filter(isUnread)) {
    await agent3.put(`/notifications/${item.id}/read`);
  }
  const agent3Id = (await agent3.get<{ id: string }>('/users/me')).id;
  // Hugo Leroy's conversation in Service Client, the one the demo alert about identity checks is on.
  const conversationId = await conversationOf(
    supervisor,
    'Service Client',
    (n) => n.alert_detail?.item_name === 'Verified the customer identity',
  );

  await watchLiveChannel(page);
  await loginAs(page, demo.agent3);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(bell(page)).toHaveAttribute('data-has-new', 'false');
  await liveChannelOpen(page);

  await supervisor.post(`/conversations/${conversationId}/discussion/message`, {
    body: 'Nice call, see my comments.',
    mentions: [agent3Id],
  });
  await expect(bell(page)).toHaveAccessibleName('Notifications (new)', { timeout: 5000 });
  await expect(bell(page)).toHaveAttribute('data-has-new', 'true');

  await openPanel(page);
  await expect(panelItems(page).first()).toContainText(
    'Sophie Martin mentioned you in campaign Service Client',
  );
  await expect(panelItems(page).first()).toHaveAttribute('data-read', 'false');
});
