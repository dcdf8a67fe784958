// Who sees what of the management screens: a supervisor with every permission manages an agent's campaign
// access from /organization; a supervisor without permissions and an agent only read what they belong to.
import { demo, expect, loginAs, mainMenu, test, toasts } from '../fixtures';
import {
  bodyRows,
  definition,
  deleteCampaigns,
  dialog,
  firstCells,
  heading,
  rowOf,
  section,
  table,
  unique,
  type ApiCampaign,
} from './helpers';

test('supervisor: /organization filters its users by role; an agent is given access to a campaign and loses it again', async ({
  page,
  apiAs,
}) => {
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name: `Access ${suffix}` });
  try {
    await loginAs(page, demo.supervisor);
    await mainMenu(page).getByRole('link', { name: 'Organization' }).click();
    await expect(page).toHaveURL(/\/organization$/);
    await expect(heading(page, 'Demo Contact Center')).toBeVisible();
    const users = table(page, 'Users');
    const filter = page.getByRole('group', { name: 'Show' });
    await expect(filter.getByRole('button', { name: 'Everyone' })).toHaveAttribute('aria-pressed', 'true');
    const agents = [demo.agent4, demo.agent2, demo.agent3, demo.agent].map((agent) => agent.name);
    const supervisors = [demo.admin, demo.supervisor, demo.supervisor2].map((user) => user.name);
    await expect(firstCells(users)).toHaveText(
      [...agents, ...supervisors].sort((a, b) => a.localeCompare(b)).map((name) => new RegExp(`^${name}`)),
    );
    await expect(users.getByRole('button', { name: 'Disable' })).toHaveCount(0);

    await filter.getByRole('button', { name: 'Agents' }).click();
    await expect(filter.getByRole('button', { name: 'Agents' })).toHaveAttribute('aria-pressed', 'true');
    await expect(firstCells(users)).toHaveText(agents.map((name) => new RegExp(`^${name}`)));
    await filter.getByRole('button', { name: 'Supervisors' }).click();
    await expect(firstCells(users)).toHaveText(supervisors.map((name) => new RegExp(`^${name}`)));
    await filter.getByRole('button', { name: 'Everyone' }).click();
    await expect(bodyRows(users)).toHaveCount(agents.length + supervisors.length);

    // Hugo Leroy's campaign access: Service Client; add the new campaign, then remove it.
    await rowOf(users, demo.agent3.email).getByRole('link', { name: 'Campaign access' }).click();
    await expect(page).toHaveURL(/\/organization\/users\/[\w-]+\/access$/);
    await expect(heading(page, `Campaign access of ${demo.agent3.name}`)).toBeVisible();
    const memberships = section(page, 'Campaigns').getByRole('listitem');
    await expect(memberships).toHaveCount(1);
    await expect(memberships).toContainText('Service Client');
    await expect(page.getByLabel('Campaign role of Service Client')).toHaveValue('viewer');
    await expect(page.getByLabel('Campaign role of Service Client')).toBeDisabled();

    const addTo = section(page, 'Add to a campaign');
    const submit = addTo.getByRole('button', { name: 'Add to the campaign' });
    await expect(submit).toBeDisabled();
    const choice = addTo.getByLabel('Campaign', { exact: true });
    // The supervisor's own campaigns Hugo is not in yet.
    await expect(choice.locator('option', { hasText: 'Service Client' })).toHaveCount(0);
    await expect(choice.locator('option', { hasText: 'Customer Care' })).toHaveCount(1);
    await choice.selectOption({ label: campaign.name });
    await expect(addTo.getByLabel(`Campaign role of ${demo.agent3.name}`)).toHaveValue('viewer');
    await expect(addTo.getByLabel(`Campaign role of ${demo.agent3.name}`)).toBeDisabled();
    await submit.click();
    await expect(toasts(page).getByText('User added to the campaign.')).toBeVisible();
    await expect(memberships).toHaveCount(2);
    const added = memberships.filter({ hasText: campaign.name });
    await expect(added.getByLabel(`Campaign role of ${campaign.name}`)).toHaveValue('viewer');
    await expect(choice).toHaveValue('');
    await expect(choice.locator('option', { hasText: campaign.name })).toHaveCount(0);

    await added.getByRole('button', { name: 'Remove' }).click();
    const remove = dialog(page, 'Remove from the campaign?');
    await expect(remove).toContainText(`${demo.agent3.name} will no longer see ${campaign.name}.`);
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(toasts(page).getByText('User removed from the campaign.')).toBeVisible();
    await expect(memberships).toHaveCount(1);
    await expect(memberships).toContainText('Service Client');

    const left = await supervisor.get<{ email: string }[]>(`/campaigns/${campaign.id}/users`);
    expect(left.map((member) => member.email)).toEqual([demo.supervisor.email]);
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test('supervisor without permissions: no campaign creation, no settings, no invitations nor access links', async ({
  page,
}) => {
  await loginAs(page, demo.supervisor2, { path: '/campaigns' });
  await expect(heading(page, 'Campaigns')).toBeVisible();
  const list = table(page, 'Campaigns');
  await expect(rowOf(list, 'Customer Care').getByRole('cell').nth(3)).toHaveText('Viewer');
  await expect(list.getByRole('link', { name: 'Service Client' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New campaign' })).toHaveCount(0);

  await list.getByRole('link', { name: 'Customer Care' }).click();
  await expect(heading(page, 'Customer Care')).toBeVisible();
  await expect(definition(page, 'My role')).toHaveText('Viewer');
  await expect(page.getByRole('link', { name: 'Campaign settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Duplicate' })).toHaveCount(0);

  await mainMenu(page).getByRole('link', { name: 'Organization' }).click();
  await expect(heading(page, 'Demo Contact Center')).toBeVisible();
  const users = table(page, 'Users');
  await expect(rowOf(users, demo.agent.email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite a user' })).toHaveCount(0);
  await expect(users.getByRole('link', { name: 'Campaign access' })).toHaveCount(0);
  await expect(users.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
});

test('supervisor without can_create_campaign: /campaigns/create is the not-found page', async ({ page }) => {
  await loginAs(page, demo.supervisor2, { path: '/campaigns/create' });
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('agent: only their campaign, read-only; another campaign of the organisation is not shown', async ({
  page,
  apiAs,
}) => {
  const admin = await apiAs(demo.admin);
  const { items } = await admin.get<{ items: ApiCampaign[] }>('/campaigns?limit=200');
  const serviceClient = items.find((campaign) => campaign.name === 'Service Client');
  const customerCare = items.find((campaign) => campaign.name === 'Customer Care');
  if (!serviceClient || !customerCare) throw new Error('The demo campaigns are missing');

  await loginAs(page, demo.agent, { path: '/campaigns' });
  await expect(heading(page, 'Campaigns')).toBeVisible();
  const list = table(page, 'Campaigns');
  await expect(firstCells(list)).toHaveText(['Customer Care']);
  await expect(rowOf(list, 'Customer Care').getByRole('cell').nth(3)).toHaveText('Viewer');
  await expect(page.getByRole('link', { name: 'New campaign' })).toHaveCount(0);

  await list.getByRole('link', { name: 'Customer Care' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${customerCare.id}$`));
  await expect(heading(page, 'Customer Care')).toBeVisible();
  await expect(definition(page, 'My role')).toHaveText('Viewer');
  await expect(page.getByRole('navigation', { name: 'Campaign sections' }).getByRole('link')).toHaveText([
    'Conversations',
  ]);
  await expect(page.getByRole('link', { name: 'Campaign settings' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Campaign users' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Duplicate' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete campaign' })).toHaveCount(0);

  // The settings page is no route of an agent's.
  await page.goto(`/campaigns/${customerCare.id}/settings`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // A campaign of the organisation the agent is not in (the API answers 403): an error in place of the
  // campaign.
  await page.goto(`/campaigns/${serviceClient.id}`);
  const error = page.getByRole('alert');
  await expect(error).toContainText('This could not be loaded. You do not have permission to do this.');
  // A refusal cannot turn into data by trying again, so no Retry is offered.
  await expect(error.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(heading(page, 'Service Client')).toHaveCount(0);
  await expect(page.getByText('Service Client')).toHaveCount(0);
});
