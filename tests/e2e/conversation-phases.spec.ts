// Conversation phases: a supervisor defines a campaign's phases (names, marker chips, order with the keyboard),
// mistakes are said at their field, saving has the campaign's conversations analysed again, and the conversation
// page then shows the phases on the transcript (band and labels); on a recorded call the band is the recording's
// timeline and a phase plays the call from its start. Readers without the right see the phases read-only. In
// English, in French, and at phone width.
import { campaignWithChat, conversationOnceAnalysed } from './analysis-helpers';
import { audioPlayer, customerCareId, playbackTime, serviceClientId } from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test, toasts } from './fixtures';
import { deleteCampaigns, heading, section, unique } from './management/helpers';

const parcelChat = [
  { speaker: 'customer', text: 'Hello, my parcel never arrived.' },
  { speaker: 'agent', text: 'Let me check the tracking for you.' },
  { speaker: 'agent', text: 'It is on its way. Anything else? Goodbye.' },
] as const;

test('supervisor: defines ordered phases with marker chips; the conversation shows them', async ({
  page,
  apiAs,
}) => {
  test.setTimeout(180_000);
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  try {
    const { campaign, chat } = await campaignWithChat(supervisor, `Phases ${suffix}`, 'en', parcelChat);
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/conversation-phases` });
    await expect(heading(page, `Conversation phases · ${campaign.name}`)).toBeVisible();
    const phases = section(page, 'Phases');
    await expect(phases).toContainText('No phase yet');

    const add = phases.getByRole('button', { name: 'Add a phase' });
    for (const [name, marker] of [
      ['Closing', 'goodbye'],
      ['Greeting', 'hello'],
      ['Check', ''],
    ] as const) {
      await add.click();
      await page.keyboard.type(name);
      if (marker) {
        await phases
          .getByRole('group', { name: new RegExp(`: ${name}$`) })
          .getByLabel('Marker phrases')
          .fill(marker);
        await page.keyboard.press('Enter');
      }
    }
    await phases.getByRole('button', { name: 'Save' }).click();
    await expect(phases.getByRole('alert')).toHaveText('Give at least one marker phrase.');

    const check = phases.getByRole('group', { name: 'Phase 3: Check' });
    const markers = check.getByLabel('Marker phrases');
    await markers.fill('tracking');
    await page.keyboard.press('Enter');
    await markers.fill('TRACKING');
    await page.keyboard.press('Enter');
    await expect(check.getByRole('alert')).toHaveText('This phrase is already there.');
    await markers.fill('parcel');
    await page.keyboard.press('Enter');
    await expect(check.getByRole('list', { name: 'Markers of Check' }).getByRole('listitem')).toHaveText([
      'tracking',
      'parcel',
    ]);
    await check.getByRole('button', { name: 'Remove the phrase “parcel”' }).click();

    // Closing goes to the end with the keyboard; the focus follows the phase it moves.
    const down = phases.getByRole('button', { name: 'Move Closing down' });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect(phases.getByRole('button', { name: 'Move Closing down' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(phases.getByRole('button', { name: 'Move Closing up' })).toBeFocused();
    for (const [index, name] of ['Greeting', 'Check', 'Closing'].entries()) {
      await expect(phases.getByLabel('Phase name').nth(index)).toHaveValue(name);
    }

    await phases.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText('Phases saved: 1 conversation is being analysed again.');
    await expect(phases.getByRole('button', { name: 'Save' })).toBeDisabled();
    await conversationOnceAnalysed(supervisor, chat.id, 'phases', [
      { name: 'Greeting', first_turn: 1 },
      { name: 'Check', first_turn: 2 },
      { name: 'Closing', first_turn: 3 },
    ]);

    await page.goto(`/conversations/${chat.id}`);
    const band = page.getByRole('navigation', { name: 'Phases of the conversation' });
    await expect(band.getByRole('button')).toHaveText(['Greeting', 'Check', 'Closing']);
    // Each phase's label heads its first turn, in the list's items (one per turn).
    const turns = page.getByRole('region', { name: 'Messages', exact: true }).getByRole('listitem');
    await expect(turns).toHaveCount(3);
    await expect(turns.nth(0)).toContainText('1. Greeting');
    await expect(turns.nth(1)).toContainText('2. Check');
    await expect(turns.nth(2)).toContainText('3. Closing');
    await band.getByRole('button', { name: /^Closing, 1 turn/ }).click();
    await expect(page.locator('[data-turn="3"]')).toBeFocused();
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test('a recorded call: the phases are the recording’s timeline, a phase plays the call from its start', async ({
  page,
  apiAs,
}) => {
  test.setTimeout(150_000);
  const supervisor = await apiAs(demo.supervisor);
  // The demo calls spoken by espeak-ng are transcribed at start; the demo campaign's phases are found in them.
  type Listed = { id: string; has_audio: boolean; status: string };
  type Phased = { phases: { name: string; start_s: number | null }[] };
  let call: { id: string } & Phased = { id: '', phases: [] };
  await expect
    .poll(
      async () => {
        const { items } = await supervisor.get<{ items: Listed[] }>(
          `/campaigns/${customerCareId}/conversations?limit=200`,
        );
        for (const item of items.filter((row) => row.has_audio && row.status === 'ready')) {
          const { phases } = await supervisor.get<Phased>(`/conversations/${item.id}`);
          if (phases.length > 0 && phases.every((phase) => phase.start_s !== null)) {
            call = { id: item.id, phases };
            return true;
          }
        }
        return false;
      },
      { timeout: 120_000, intervals: [2000] },
    )
    .toBe(true);
  await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}` });
  const recording = page.getByRole('region', { name: 'Recording' });
  const band = recording.getByRole('navigation', { name: 'Phases of the conversation' });
  await expect(band.getByRole('button')).toHaveText(call.phases.map((phase) => phase.name));
  const last = call.phases.at(-1)!;
  await band.getByRole('button', { name: new RegExp(`^${last.name},`) }).click();
  await expect.poll(() => playbackTime(page)).toBeGreaterThanOrEqual(last.start_s ?? 0);
  await expect(audioPlayer(page)).toBeVisible();
});

test('a reader without the right to edit the settings sees the phases read-only', async ({ page }) => {
  await loginAs(page, demo.supervisor2, { path: `/campaigns/${customerCareId}/conversation-phases` });
  const phases = section(page, 'Phases');
  await expect(phases).toContainText(
    "Only members who may edit the campaign's settings can change the phases.",
  );
  await expect(phases.getByRole('list', { name: 'Markers of Greeting' })).toContainText('Demo Telecom');
  await expect(phases.getByRole('textbox')).toHaveCount(0);
  await expect(phases.getByRole('button')).toHaveCount(0);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('un superviseur définit les phases en français', async ({ page, apiAs }) => {
    test.setTimeout(180_000);
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    try {
      const { campaign, chat } = await campaignWithChat(supervisor, `Phases ${suffix}`, 'fr', [
        { speaker: 'customer', text: 'Bonjour, mon colis n’est jamais arrivé.' },
        { speaker: 'agent', text: 'Je regarde le suivi. Au revoir.' },
      ]);
      await loginAs(page, demo.supervisor, {
        path: `/campaigns/${campaign.id}/conversation-phases`,
        shell: false,
      });
      const phases = section(page, 'Phases');
      await phases.getByRole('button', { name: 'Ajouter une phase' }).click();
      await page.keyboard.type('Accueil');
      await phases.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(phases.getByRole('alert')).toHaveText('Donnez au moins une phrase repère.');
      await phases.getByLabel('Phrases repères').fill('bonjour');
      await page.keyboard.press('Enter');
      await phases.getByRole('button', { name: 'Ajouter une phase' }).click();
      await page.keyboard.type('Clôture');
      await phases
        .getByRole('group', { name: 'Phase 2 : Clôture' })
        .getByLabel('Phrases repères')
        .fill('au revoir');
      await page.keyboard.press('Enter');
      await phases.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(toasts(page)).toContainText(
        'Phases enregistrées : 1 conversation est de nouveau analysée.',
      );
      await conversationOnceAnalysed(supervisor, chat.id, 'phases', [
        { name: 'Accueil' },
        { name: 'Clôture' },
      ]);
      await page.goto(`/conversations/${chat.id}`);
      await expect(
        page.getByRole('navigation', { name: 'Phases de la conversation' }).getByRole('button'),
      ).toHaveText(['Accueil', 'Clôture']);
      await expect(page.getByText('2. Clôture', { exact: true })).toBeVisible();
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the phases fit the screen, each control reachable', async ({ page }) => {
    await loginAs(page, demo.supervisor, { path: `/campaigns/${serviceClientId}/conversation-phases` });
    const phases = section(page, 'Phases');
    const first = phases.getByRole('group', { name: 'Phase 1: Accueil' });
    await expect(first).toBeVisible();
    await expectFitsWidth(page, 390, [
      first.getByLabel('Phase name'),
      first.getByLabel('Marker phrases'),
      first.getByRole('button', { name: 'Add the phrase to Accueil' }),
      first.getByRole('button', { name: 'Remove the phrase “bonjour”' }),
      first.getByRole('button', { name: 'Remove Accueil' }),
      phases.getByRole('button', { name: 'Add a phase' }),
    ]);
  });

  test('a conversation with its phases fits the screen', async ({ page, apiAs }) => {
    test.setTimeout(180_000);
    const supervisor = await apiAs(demo.supervisor);
    // The demo chats' phases, found by their analysis (queued when the server starts).
    type Listed = { id: string; type: string };
    let chatId = '';
    await expect
      .poll(
        async () => {
          const { items } = await supervisor.get<{ items: Listed[] }>(
            `/campaigns/${serviceClientId}/conversations?limit=200`,
          );
          for (const chat of items.filter((item) => item.type === 'chat').slice(0, 10)) {
            const { phases } = await supervisor.get<{ phases: unknown[] }>(`/conversations/${chat.id}`);
            if (phases.length > 2) chatId = chat.id;
          }
          return chatId;
        },
        { timeout: 120_000, intervals: [2000] },
      )
      .not.toBe('');
    await loginAs(page, demo.supervisor, { path: `/conversations/${chatId}` });
    const band = page.getByRole('navigation', { name: 'Phases of the conversation' });
    await expect(band).toBeVisible();
    await expectFitsWidth(page, 390, [
      band.getByRole('button').first(),
      band.getByRole('button').last(),
      page.getByRole('region', { name: 'Custom analyses' }),
    ]);
  });
});
