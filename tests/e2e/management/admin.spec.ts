// The admin's management screens: organisations (list, search, sort, create), inviting a supervisor without an
// email and their first steps in the app, an organisation's campaigns, and one user's page (campaigns and roles,
// disable and enable, logging in as them).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import {
  adminMenu,
  demo,
  expect,
  loginAs,
  mainMenu,
  menuEntries,
  plainSupervisorMenu,
  test,
  toasts,
} from '../fixtures';
import {
  bodyRows,
  definition,
  dialog,
  firstCells,
  heading,
  invitedPassword,
  organisationWithSupervisor,
  rowOf,
  section,
  table,
  unique,
} from './helpers';

/** The invitation mails the server wrote to its outbox (no SMTP in e2e) for `email`: their text. */
async function mailsTo(email: string): Promise<string[]> {
  const outbox = path.join(process.env.E2E_DATA_DIR as string, 'outbox');
  const files = await readdir(outbox).catch(() => [] as string[]);
  const texts: string[] = [];
  for (const file of files.filter((name) => name.endsWith('.eml'))) {
    const mail = await simpleParser(await readFile(path.join(outbox, file)));
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    if (to.some((address) => address.value.some((entry) => entry.address === email))) {
      texts.push(mail.text ?? '');
    }
  }
  return texts;
}

test('admin: the organisations list counts, searches and sorts; a new organisation gets a supervisor by invitation link', async ({
  page,
  browser,
  apiAs,
}) => {
  const suffix = unique();
  const admin = await apiAs(demo.admin);
  // Two organisations to search and sort; the first with one user and one campaign to count.
  const alpha = await admin.post<{ id: string }>('/organisations', { name: `Alpha ${suffix}` });
  await admin.post('/organisations', { name: `Beta ${suffix}` });
  await admin.post(`/organisations/${alpha.id}/users/invite?send_invite_email=false`, {
    name: `Alpha Agent ${suffix}`,
    email: `alpha.${suffix}@e2e.example`,
    role: 'agent',
  });
  await admin.post(`/organisations/${alpha.id}/campaigns`, { name: `Alpha Campaign ${suffix}` });

  await loginAs(page, demo.admin);
  await mainMenu(page).getByRole('link', { name: 'Organisations' }).click();
  // The pointer leaves the menu, as a person's does, or the menu expands over the table after a second's hover.
  await page.mouse.move(900, 500);
  await expect(page).toHaveURL(/\/organisations$/);
  await expect(heading(page, 'Organisations')).toBeVisible();
  const list = table(page, 'Organisations');
  const demoRow = rowOf(list, 'Demo Contact Center');
  await expect(demoRow).toBeVisible();
  await expect(demoRow.getByRole('cell').nth(1)).toHaveText(/^\d+$/);

  await page.getByRole('searchbox').fill(suffix);
  await expect(firstCells(list)).toHaveText([`Alpha ${suffix}`, `Beta ${suffix}`]);
  await expect(rowOf(list, `Alpha ${suffix}`).getByRole('cell')).toHaveText([
    `Alpha ${suffix}`,
    '1',
    '1',
    /\d/,
  ]);
  await expect(rowOf(list, `Beta ${suffix}`).getByRole('cell').nth(1)).toHaveText('0');
  const nameHeader = list.getByRole('columnheader', { name: 'Name' });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(firstCells(list)).toHaveText([`Beta ${suffix}`, `Alpha ${suffix}`]);
  await nameHeader.getByRole('button').click();
  await expect(firstCells(list)).toHaveText([`Alpha ${suffix}`, `Beta ${suffix}`]);
  await page.getByRole('searchbox').fill(`no such organisation ${suffix}`);
  await expect(bodyRows(list)).toHaveCount(0);
  await expect(page.getByText('Nothing matches this search.')).toBeVisible();

  // A new organisation: the name is required.
  await page.getByRole('link', { name: 'New organisation' }).click();
  await expect(page).toHaveURL(/\/organisations\/create$/);
  await expect(heading(page, 'New organisation')).toBeVisible();
  await page.getByRole('button', { name: 'Create the organisation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This field is required.' })).toBeVisible();
  await expect(page).toHaveURL(/\/organisations\/create$/);
  const organisationName = `Gamma ${suffix}`;
  await page.getByLabel('Name').fill(organisationName);
  await page.getByRole('button', { name: 'Create the organisation' }).click();
  await expect(page).toHaveURL(/\/organisations\/[\w-]+\/users$/);
  await expect(toasts(page).getByText('Organisation created.')).toBeVisible();
  await expect(heading(page, organisationName)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Organisation sections' }).getByRole('link', { name: 'Users' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No user here yet.')).toBeVisible();

  // Invite a supervisor and hand the link over instead of mailing it.
  const invitee = { name: `Inès Invited ${suffix}`, email: `ines.${suffix}@e2e.example` };
  await page.getByRole('button', { name: 'Invite a user' }).click();
  const invite = dialog(page, 'Invite a user');
  await invite.getByLabel('Full name', { exact: true }).fill(invitee.name);
  await invite.getByLabel('Email', { exact: true }).fill(invitee.email);
  await invite.getByLabel('Role', { exact: true }).selectOption({ label: 'Supervisor' });
  const sendEmail = invite.getByRole('checkbox', { name: 'Send the invitation by email' });
  await expect(sendEmail).toBeChecked();
  await sendEmail.click();
  await expect(sendEmail).not.toBeChecked();
  await invite.getByRole('button', { name: 'Invite' }).click();
  const created = dialog(page, 'Invitation created');
  await expect(created).toContainText('No email was sent.');
  const linkField = created.getByLabel('Invitation link');
  await expect(linkField).toHaveValue(/\/auth\/invitations\/[\w-]+$/);
  const link = await linkField.inputValue();
  await created.getByRole('button', { name: 'Close' }).click();
  await expect(created).toHaveCount(0);
  const users = table(page, 'Users');
  await expect(rowOf(users, invitee.email)).toContainText(invitee.name);
  await expect(rowOf(users, invitee.email)).toContainText('Invited');

  // With the box left checked, the invitation goes by email instead, and no link is shown.
  const mailed = { name: `Marc Mailed ${suffix}`, email: `marc.${suffix}@e2e.example` };
  await page.getByRole('button', { name: 'Invite a user' }).click();
  await invite.getByLabel('Full name', { exact: true }).fill(mailed.name);
  await invite.getByLabel('Email', { exact: true }).fill(mailed.email);
  await expect(invite.getByLabel('Role', { exact: true })).toHaveValue('agent');
  await expect(sendEmail).toBeChecked();
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(toasts(page).getByText('Invitation sent.')).toBeVisible();
  await expect(invite).toHaveCount(0);
  await expect(dialog(page, 'Invitation created')).toHaveCount(0);
  await expect(rowOf(users, mailed.email)).toContainText('Invited');
  await expect.poll(() => mailsTo(mailed.email)).toHaveLength(1);
  const [mailText] = await mailsTo(mailed.email);
  expect(mailText).toContain(`Hello ${mailed.name},`);
  expect(mailText).toMatch(/\/auth\/invitations\/[\w-]+/);
  expect(await mailsTo(invitee.email), 'no mail for an invitation handed over as a link').toEqual([]);

  // The invitee opens the link in their own browser, chooses a password and lands in the app.
  const context = await browser.newContext();
  try {
    const invited = await context.newPage();
    await invited.goto(link);
    await expect(invited.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
    await expect(
      invited.getByText(`Choose your name and a password to activate ${invitee.email}.`),
    ).toBeVisible();
    await expect(invited.getByLabel('Full name')).toHaveValue(invitee.name);
    await invited.getByLabel('Password', { exact: true }).fill(invitedPassword);
    await invited.getByLabel('Confirm password').fill(invitedPassword);
    await invited.getByRole('button', { name: 'Activate my account' }).click();
    await expect(mainMenu(invited)).toBeVisible();
    await expect(invited).toHaveURL(/\/$/);
    await expect(heading(invited, 'Home')).toBeVisible();
    await expect(menuEntries(invited)).toHaveText(plainSupervisorMenu);
    await mainMenu(invited).getByRole('link', { name: 'Campaigns' }).click();
    await expect(heading(invited, 'Campaigns')).toBeVisible();
    await expect(invited.getByText('No campaign yet.')).toBeVisible();
    await expect(bodyRows(table(invited, 'Campaigns'))).toHaveCount(0);
  } finally {
    await context.close();
  }

  // The admin's list now shows them active.
  await page.reload();
  await expect(rowOf(users, invitee.email)).toContainText('Active');
});

test('admin: a campaign created in an organisation gets its supervisor as owner; the user page disables, enables and logs in as them', async ({
  page,
  apiAs,
  playwright,
  baseURL,
}) => {
  const suffix = unique();
  const admin = await apiAs(demo.admin);
  const request = await playwright.request.newContext({ baseURL });
  const { organisation, supervisor } = await organisationWithSupervisor(admin, request, suffix).finally(() =>
    request.dispose(),
  );

  await loginAs(page, demo.admin, { path: `/organisations/${organisation.id}/campaigns` });
  await expect(heading(page, organisation.name)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Organisation sections' }).getByRole('link', { name: 'Campaigns' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No campaign yet.')).toBeVisible();

  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page).toHaveURL(new RegExp(`/organisations/${organisation.id}/campaigns/create$`));
  await expect(heading(page, 'New campaign')).toBeVisible();
  const campaignName = `Onboarding ${suffix}`;
  await page.getByLabel('Name').fill(campaignName);
  await page.getByRole('button', { name: 'Create the campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[\w-]+$/);
  await expect(toasts(page).getByText('Campaign created.')).toBeVisible();
  await expect(heading(page, campaignName)).toBeVisible();
  await expect(definition(page, 'My role')).toHaveText('Admin (all access)');
  await expect(definition(page, 'Members')).toHaveText('0');
  // An admin's campaign page carries its dashboard, then its settings.
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Dashboard',
    'Key figures',
    'Score evolution',
    'Score distribution',
    'Best agents',
    'Weakest items',
    'Topics',
    'Conversation types',
    'Average duration of the phases',
    'Details',
    'Logo',
    'Topics',
    'Evaluation',
    'Personal data redaction',
    'Metadata labels',
    'Review',
    'Campaign users',
    'Duplicate or delete',
  ]);
  const members = table(page, 'Campaign users');
  await expect(section(page, 'Campaign users').getByText('Nobody is in this campaign yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add a user' }).click();
  const add = dialog(page, `Add a user to ${campaignName}`);
  await add
    .getByLabel('User', { exact: true })
    .selectOption({ label: `${supervisor.name} — ${supervisor.email} (Supervisor)` });
  await add.getByLabel(`Campaign role of ${supervisor.name}`).selectOption({ label: 'Owner' });
  await add.getByRole('button', { name: 'Add a user' }).click();
  await expect(toasts(page).getByText('User added to the campaign.')).toBeVisible();
  await expect(add).toHaveCount(0);
  await expect(rowOf(members, supervisor.email)).toContainText(supervisor.name);
  await expect(page.getByLabel(`Campaign role of ${supervisor.name}`)).toHaveValue('owner');

  // The users list finds them; their page shows the campaign and role.
  await mainMenu(page).getByRole('link', { name: 'Users' }).click();
  await expect(heading(page, 'Users')).toBeVisible();
  const users = table(page, 'Users');
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(`nadia.${suffix}`);
  await expect(bodyRows(users)).toHaveCount(1);
  await expect(bodyRows(users).getByRole('cell')).toHaveText([
    `${supervisor.name}${supervisor.email}`,
    'Supervisor',
    'Active',
  ]);
  await users.getByRole('link', { name: supervisor.name }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${supervisor.id}$`));
  await expect(heading(page, supervisor.name)).toBeVisible();
  await expect(page.getByText(supervisor.email, { exact: true })).toBeVisible();
  await expect(definition(page, 'Role')).toHaveText('Supervisor');
  await expect(definition(page, 'Status')).toHaveText('Active');
  await expect(bodyRows(table(page, 'Campaigns and roles')).getByRole('cell')).toHaveText([
    campaignName,
    'Owner',
  ]);

  // Disable, confirmed; then enable again.
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  const disable = dialog(page, `Disable ${supervisor.name}?`);
  await expect(disable).toContainText('They will be signed out of the app at their next action');
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(toasts(page).getByText('Account disabled.')).toBeVisible();
  await expect(disable).toHaveCount(0);
  await expect(definition(page, 'Status')).toHaveText('Disabled');
  await expect(page.getByRole('button', { name: 'Log in as this user' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  const enable = dialog(page, `Enable ${supervisor.name}?`);
  await enable.getByRole('button', { name: 'Enable' }).click();
  await expect(toasts(page).getByText('Account enabled.')).toBeVisible();
  await expect(definition(page, 'Status')).toHaveText('Active');

  // Log in as them, confirmed: their app under a banner, and back.
  await page.getByRole('button', { name: 'Log in as this user' }).click();
  const logInAs = dialog(page, `Log in as ${supervisor.name}?`);
  await expect(logInAs).toContainText('for 15 minutes at most');
  await logInAs.getByRole('button', { name: 'Log in as this user' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'You are logged in as' });
  await expect(banner).toHaveText(
    new RegExp(`You are logged in as ${supervisor.name} \\(${supervisor.email.replace(/\./g, '\\.')}\\)\\.`),
  );
  await expect(page).toHaveURL(/\/$/);
  await expect(heading(page, 'Home')).toBeVisible();
  await expect(menuEntries(page)).toHaveText(plainSupervisorMenu);
  await mainMenu(page).getByRole('link', { name: 'Campaigns' }).click();
  await expect(rowOf(table(page, 'Campaigns'), campaignName).getByRole('cell').nth(3)).toHaveText('Owner');

  await banner.getByRole('button', { name: 'Back to my account' }).click();
  await expect(heading(page, 'Admin')).toBeVisible();
  await expect(page.getByText('You are logged in as')).toHaveCount(0);
  await expect(menuEntries(page)).toHaveText(adminMenu);
});
