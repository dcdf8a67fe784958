// Test calls on the evaluation page (issue 11): a supervisor sends a text transcript, follows it (sending, then the
// pipeline's steps), sees its score and answers beside the grid and in the list, and opens it as a conversation; a
// file that is no transcript is refused with the reason; in French; at 390 px. The real server's job worker does
// the work.
import type { Locator, Page } from '@playwright/test';
import { customerCareId, serviceClientId } from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test } from './fixtures';
import { unique } from './management/helpers';

const transcript = (name: string, text: string) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(text),
});

const politeCall = (suffix: string) =>
  `Agent: Hello, thank you for calling, my name is Sam. (${suffix})\n` +
  'Customer: My parcel never arrived.\nAgent: I am sorry, I will send a new one today.';

// The job worker may still be busy with the demo data when a test starts.
test.describe.configure({ timeout: 90_000 });

const panelOf = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

/** Records every `data-state` the panel takes from now on, so that short-lived stages are seen too. */
async function recordStages(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const panel = document.querySelector('[data-testid="test-call-panel"]')!;
    const seen: string[] = [panel.getAttribute('data-state') ?? ''];
    (window as unknown as { testCallStages: string[] }).testCallStages = seen;
    new MutationObserver(() => seen.push(panel.getAttribute('data-state') ?? '')).observe(panel, {
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { testCallStages: string[] }).testCallStages);
}

test('a supervisor tests a transcript: progress, result beside the grid, the list, then the conversation', async ({
  page,
}) => {
  const suffix = unique();
  const fileName = `polite-${suffix}.txt`;
  await loginAs(page, demo.supervisor, { path: `/campaigns/${customerCareId}/evaluation` });
  const panel = panelOf(page, 'Test a call');
  await expect(panel).toBeVisible();
  await expect(
    panel.getByRole('list', { name: 'Previous test calls' }).or(panel.getByText('No test call yet.')),
  ).toBeVisible();

  const stages = await recordStages(page);
  await panel
    .getByLabel('Choose a file', { exact: true })
    .setInputFiles(transcript(fileName, politeCall(suffix)));
  await expect(panel.getByTestId('test-call-stage')).toHaveText('Evaluated', { timeout: 45_000 });
  expect(await stages()).toEqual(expect.arrayContaining(['idle', 'uploading', 'processing', 'done']));

  // The steps with how long each took, the score and each item's answer.
  const steps = panel.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('listitem')).toHaveText([
    /^Waiting for its turn[\d.]+ s$/,
    /^Analysis[\d.]+ s$/,
    /^Evaluation[\d.]+ s$/,
  ]);
  const result = panel.getByTestId('test-call-result');
  await expect(result.getByTestId('test-call-score')).toHaveText(/^\d+%$/);
  await expect(result.getByText('Grid version 1')).toBeVisible();
  await expect(
    result.getByTestId('test-call-answer').filter({ hasText: 'Greets the customer' }),
  ).toContainText('Yes');
  await result.getByText(/^Transcript \(3 turns\)$/).click();
  await expect(result.getByTestId('test-call-transcript')).toContainText('My parcel never arrived.');

  // Listed first, with its score, and shown.
  const listed = panel.getByRole('list', { name: 'Previous test calls' }).getByRole('listitem').first();
  await expect(listed).toContainText(fileName);
  await expect(listed.getByTestId('test-call-status')).toHaveText(
    (await result.getByTestId('test-call-score').textContent()) ?? '',
  );
  await expect(listed).toContainText('Shown');

  await result.getByRole('link', { name: 'Open as a conversation' }).click();
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
  await expect(
    page.getByText(`Hello, thank you for calling, my name is Sam. (${suffix})`).first(),
  ).toBeVisible();
  await expect(page.getByText('No agent · Customer Care · Test call (counted nowhere)')).toBeVisible();
});

test('a file that is no transcript is refused with the reason; the keyboard reaches the file button', async ({
  page,
}) => {
  await loginAs(page, demo.supervisor, { path: `/campaigns/${customerCareId}/evaluation` });
  const panel = panelOf(page, 'Test a call');
  const input = panel.getByLabel('Choose a file', { exact: true });
  await input.focus();
  await expect(input).toBeFocused();
  await input.setInputFiles(transcript('notes.txt', 'Just some notes, no speaker label.'));
  await expect(panel.getByRole('alert')).toHaveText(
    'This transcript cannot be read: each turn must start with “Agent:” or “Customer:”.',
  );
  await expect(panel.getByTestId('test-call-stage')).toHaveText('Not accepted');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel.getByTestId('test-call-stage')).toBeHidden();
});

test('a viewer of the campaign has no test panel', async ({ page }) => {
  await loginAs(page, demo.supervisor2, { path: `/campaigns/${customerCareId}/evaluation` });
  await expect(page.getByText('Read only')).toBeVisible();
  await expect(panelOf(page, 'Test a call')).toHaveCount(0);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('un appel de test est évalué et listé, en français', async ({ page }) => {
    const suffix = unique();
    await loginAs(page, demo.supervisor, { path: `/campaigns/${serviceClientId}/evaluation`, shell: false });
    const panel = panelOf(page, 'Tester un appel');
    await expect(panel).toBeVisible();
    await panel
      .getByLabel('Choisir un fichier', { exact: true })
      .setInputFiles(
        transcript(
          `appel-${suffix}.txt`,
          `Agent : Bonjour, merci de votre appel. (${suffix})\nClient : Mon colis n’est jamais arrivé.`,
        ),
      );
    await expect(panel.getByTestId('test-call-stage')).toHaveText('Évalué', { timeout: 45_000 });
    await expect(panel.getByRole('list', { name: 'Étapes' })).toContainText('Analyse');
    await expect(panel.getByText('Version 1 de la grille')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Ouvrir comme conversation' })).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Appels de test précédents' })).toContainText(
      `appel-${suffix}.txt`,
    );
  });
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the panel fits the screen and its result can be opened', async ({ page }) => {
    const suffix = unique();
    await loginAs(page, demo.supervisor, { path: `/campaigns/${customerCareId}/evaluation` });
    const panel = panelOf(page, 'Test a call');
    await panel
      .getByLabel('Choose a file', { exact: true })
      .setInputFiles(transcript(`phone-${suffix}.txt`, politeCall(suffix)));
    await expect(panel.getByTestId('test-call-stage')).toHaveText('Evaluated', { timeout: 45_000 });
    const open = panel.getByRole('link', { name: 'Open as a conversation' });
    await expectFitsWidth(page, 390, [
      panel.getByText('Choose a file', { exact: true }),
      panel.getByTestId('test-call-score'),
      open,
    ]);
    await open.click();
    await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
  });
});
