// Alerts end to end on the real server: in a campaign of its own (so that no other evaluation sets the alert
// off), an alert made through the API on the grid's greeting item; a chat whose agent never greets is uploaded
// while the supervisor's notification panel is open; its automatic evaluation (the job worker) sets the alert off
// and the notification appears at the top of the panel live, without a reload.
import { demoUserIds } from './conversation-helpers';
import { demo, expect, loginAs, mainMenu, notificationPanel, panelItems, test } from './fixtures';

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
