// The conversation page and the transcript editor against the real server: a call recorded by espeak-ng,
// uploaded and transcribed by the server's own engine, played and sought by its segments (the recording read by
// byte ranges); the translation toggle; the discussion with a mention; edits, deletion and download; live status
// and a failed transcription; the transcript saved over a newer version after a 409; in English and French and at
// phone width, with no serious accessibility violation.
import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { demo, expect, loginAs, test, toasts, type ApiNotification } from '../fixtures';
import {
  audioPlayer,
  customerCareId,
  demoUserIds,
  playbackTime,
  serviceClientId,
  settled,
  theSupportCall,
  transcriptSection,
  uploadCall,
  type ApiConversation,
} from '../conversation-helpers';

const unknownId = '0e9c9c1e-1111-4111-8111-111111111111';

// The first test of a run uploads the call and waits for the server to transcribe and analyse it.
test.describe.configure({ timeout: 120_000 });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const segments = (page: Page) =>
  transcriptSection(page, /^(Transcript|Transcription)$/).getByRole('listitem');

/** Clicks a segment and waits until the recording plays from its start. */
async function playFrom(page: Page, index: number, start: number) {
  await segments(page).nth(index).getByRole('button').click();
  await expect.poll(() => playbackTime(page)).toBeGreaterThanOrEqual(start);
  expect(await playbackTime(page)).toBeLessThan(start + 2.5);
  await expect(segments(page).nth(index).getByRole('button')).toHaveAttribute('aria-current', 'true');
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  const results = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } }),
  );
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test.describe('in English', () => {
  test('a call plays from the segment clicked or chosen with Enter, the segment playing marked, read by byte ranges', async ({
    page,
    apiAs,
  }) => {
    const call = await theSupportCall(await apiAs(demo.supervisor));
    expect(call.status).toBe('ready');
    expect(call.turns.length).toBeGreaterThanOrEqual(3);
    const partial: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/files/')) partial.push(response.status());
    });

    await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}` });
    await expect(heading(page, /^Call on /)).toBeVisible();
    await expect(page).toHaveTitle(/^Call on .* · Quality Monitoring$/);
    const facts = page.getByRole('region', { name: 'About this conversation' });
    await expect(facts).toContainText('Transcribed by');
    await expect(facts).toContainText('pocketsphinx (en-us)');
    await expect(facts).toContainText('Lucas Petit');
    await expect(facts.getByRole('link', { name: 'Customer Care' })).toHaveAttribute(
      'href',
      `/campaigns/${customerCareId}`,
    );
    await expect(segments(page)).toHaveCount(call.turns.length);
    await expect(segments(page).first()).toContainText('Agent');
    await expect(segments(page).nth(1)).toContainText('Customer');

    const last = call.turns.length - 1;
    await playFrom(page, last, call.turns[last]!.start_s!);
    expect(await audioPlayer(page).evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(false);
    await playFrom(page, 0, call.turns[0]!.start_s!);
    await segments(page).nth(1).getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => playbackTime(page)).toBeGreaterThanOrEqual(call.turns[1]!.start_s!);
    await expect(segments(page).nth(1).getByRole('button')).toHaveAttribute('aria-current', 'true');
    await expect(segments(page).first().getByRole('button')).not.toHaveAttribute('aria-current');
    // The recording came by byte ranges, which seeking needs.
    expect(partial).toContain(206);
  });

  test('the translation toggle shows the turns in French, marked as a gist with its engine, and back', async ({
    page,
    apiAs,
  }) => {
    const call = await theSupportCall(await apiAs(demo.supervisor));
    await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}` });
    await page.getByRole('button', { name: 'Show in French' }).click();
    const state = page.getByRole('status').filter({ hasText: 'Shown in French' });
    await expect(state).toContainText('translated by apertium');
    await expect(state).toContainText('Gist');
    await expect(segments(page).locator('[lang="fr"]')).toHaveCount(call.turns.length);
    await page.getByRole('button', { name: 'Show the original' }).click();
    await expect(page.getByRole('button', { name: 'Show in French' })).toBeVisible();
    await expect(segments(page).locator('[lang="fr"]')).toHaveCount(0);
    await expect(segments(page).first()).toContainText(call.turns[0]!.text);
  });

  test('a discussion message mentions a reader picked with the keyboard, who is notified', async ({
    page,
    apiAs,
  }) => {
    const call = await theSupportCall(await apiAs(demo.supervisor));
    await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}` });
    const discussion = page.getByRole('region', { name: 'Discussion' });
    const box = discussion.getByLabel('Your message');
    await box.pressSequentially('Could you listen to the greeting, @tho');
    const suggestions = page.getByRole('listbox', { name: 'People to mention' });
    await expect(suggestions.getByRole('option')).toHaveText(['Thomas Bernard']);
    await page.keyboard.press('Enter');
    await expect(suggestions).toHaveCount(0);
    await box.pressSequentially('please?');
    await expect(box).toHaveValue('Could you listen to the greeting, @Thomas Bernard please?');
    await discussion.getByRole('button', { name: 'Post' }).click();

    await expect(toasts(page)).toContainText('Message posted.');
    const message = discussion.getByRole('listitem').filter({ hasText: 'Could you listen to the greeting' });
    await expect(message).toContainText('Sophie Martin');
    await expect(message.locator('strong')).toHaveText('@Thomas Bernard');
    await expect(box).toHaveValue('');
    const mentioned = await (await apiAs(demo.supervisor2)).notifications();
    expect(
      mentioned.some(
        (n: ApiNotification) =>
          n.conversation_id === call.id && n.mentioned_by?.name === demo.supervisor.name,
      ),
    ).toBe(true);
  });

  test('a transcript saved over a newer version is refused, the user’s text kept, then saved over on request', async ({
    page,
    apiAs,
  }) => {
    const admin = await apiAs(demo.admin);
    const call = await theSupportCall(admin);
    await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}` });
    await page.getByRole('link', { name: 'Edit transcript' }).click();
    await expect(heading(page, 'Edit transcript')).toBeVisible();
    const first = page.getByLabel('Text of segment 1');
    await first.fill('Mine: hello, thank you for calling.');

    const current = await admin.get<ApiConversation>(`/conversations/${call.id}`);
    await admin.put(`/calls/${call.id}/transcript`, {
      transcript_version: current.transcript_version,
      segments: current.turns.map((turn, index) => ({
        speaker: turn.speaker,
        text: index === 0 ? 'Theirs: good morning.' : turn.text,
      })),
    });

    await page.keyboard.press('Control+s');
    const conflict = page
      .getByRole('alert')
      .filter({ hasText: 'Someone else saved this transcript meanwhile.' });
    await expect(conflict).toBeVisible();
    await expect(first).toHaveValue('Mine: hello, thank you for calling.');
    await expect(page.getByText('Newer version (Agent):')).toBeVisible();
    await expect(page.getByText('Theirs: good morning.')).toBeVisible();
    await conflict.getByRole('button', { name: 'Save my version' }).click();

    await expect(page).toHaveURL(`/conversations/${call.id}`);
    await expect(toasts(page)).toContainText('Transcript saved.');
    await expect(segments(page).first()).toContainText('Mine: hello, thank you for calling.');
    const saved = await admin.get<ApiConversation>(`/conversations/${call.id}`);
    expect(saved.turns[0]).toMatchObject({ text: 'Mine: hello, thank you for calling.' });
    expect(saved.turns.map((turn) => turn.start_s)).toEqual(call.turns.map((turn) => turn.start_s));
  });

  test('leaving the transcript editor with unsaved changes asks first, by a link or by Back', async ({
    page,
    apiAs,
  }) => {
    const call = await theSupportCall(await apiAs(demo.supervisor));
    await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}` });
    await page.getByRole('link', { name: 'Edit transcript' }).click();
    await page.getByLabel('Speaker of segment 2').selectOption('agent');
    await expect(page.getByText('Unsaved changes.')).toBeVisible();

    await page.getByRole('link', { name: 'Back to the conversation' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    // The dialog's root is a zero-size frame around fixed layers: its title shows that it is open.
    const asking = ask.getByRole('heading', { name: 'Leave without saving?' });
    await expect(asking).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`/conversations/${call.id}/transcript/edit`);
    await expect(page.getByLabel('Speaker of segment 2')).toHaveValue('agent');

    await page.evaluate(() => history.back());
    await expect(asking).toBeVisible();
    await expect(page).toHaveURL(`/conversations/${call.id}/transcript/edit`);
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(`/conversations/${call.id}`);
    await expect(heading(page, /^Call on /)).toBeVisible();
  });

  test('a chat shows as a thread; its agent and metadata are edited; it is deleted after confirmation', async ({
    page,
    apiAs,
  }) => {
    const supervisor = await apiAs(demo.supervisor);
    const chat = await supervisor.post<ApiConversation>(`/campaigns/${customerCareId}/conversations`, {
      type: 'chat',
      agent_id: demoUserIds.agent,
      metadata: { channel: 'web' },
      messages: [
        { speaker: 'customer', text: 'My parcel never arrived, this is terrible.' },
        { speaker: 'agent', text: 'Thank you for your patience, I will gladly help.' },
      ],
    });
    await settled(supervisor, chat.id);
    await loginAs(page, demo.supervisor, { path: `/conversations/${chat.id}` });
    await expect(heading(page, /^Chat on /)).toBeVisible();
    const thread = transcriptSection(page, /^Messages$/).getByRole('listitem');
    await expect(thread).toHaveCount(2);
    await expect(thread.first()).toContainText('Customer');
    await expect(thread.first()).toContainText('Negative');
    await expect(thread.nth(1)).toContainText('Agent');

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit agent and metadata' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit agent and metadata' });
    await edit.getByLabel('Agent').selectOption({ label: demo.agent2.name });
    await edit.getByRole('button', { name: 'Add a field' }).click();
    await edit.getByLabel('Key of field 2').fill('channel');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('This key is already used.')).toBeVisible();
    await edit.getByLabel('Key of field 2').fill('tier');
    await edit.getByLabel('Value of field 2').fill('gold');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toHaveCount(0);
    await expect(toasts(page)).toContainText('Conversation saved.');
    const facts = page.getByRole('region', { name: 'About this conversation' });
    await expect(facts).toContainText(demo.agent2.name);
    await expect(facts).toContainText('tier');
    await expect(facts).toContainText('gold');

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this conversation?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(`/campaigns/${customerCareId}/conversations`);
    await expect(toasts(page)).toContainText('Conversation deleted.');
    await page.goto(`/conversations/${chat.id}`);
    await expect(heading(page, 'Page not found')).toBeVisible();
  });

  test('an email thread shows each email with its subject and sender', async ({ page, apiAs }) => {
    const supervisor = await apiAs(demo.supervisor);
    const email = await supervisor.post<ApiConversation>(`/campaigns/${customerCareId}/conversations`, {
      type: 'email',
      agent_id: demoUserIds.agent,
      emails: [
        { speaker: 'customer', subject: 'Invoice question', body: 'Why was I charged twice?' },
        { speaker: 'agent', subject: 'Re: Invoice question', body: 'We refunded the second charge.' },
      ],
    });
    await loginAs(page, demo.supervisor, { path: `/conversations/${email.id}` });
    const thread = transcriptSection(page, /^Emails$/);
    await expect(thread.getByRole('heading', { level: 3 })).toHaveText([
      'Invoice question',
      'Re: Invoice question',
    ]);
    await expect(thread.getByRole('listitem').first()).toContainText('Customer');
    await expect(thread.getByRole('listitem').nth(1)).toContainText('We refunded the second charge.');
  });

  test('a call being transcribed shows it live and its transcript appears by itself', async ({
    page,
    apiAs,
  }) => {
    const supervisor = await apiAs(demo.supervisor);
    await loginAs(page, demo.supervisor, { path: '/campaigns' });
    const call = await uploadCall(supervisor, [
      { speaker: 'agent', text: 'Good afternoon, you are speaking with the billing team.' },
      { speaker: 'customer', text: 'I would like to change my payment date please.' },
    ]);
    await page.goto(`/conversations/${call.id}`);
    const processing = page.getByRole('status', { name: 'Processing' });
    await expect(processing.or(segments(page).first())).toBeVisible();
    await expect(segments(page)).not.toHaveCount(0, { timeout: 90_000 });
    await expect(processing).toHaveCount(0, { timeout: 30_000 });
  });

  test('a failed transcription says why, and an owner can queue it again', async ({ page, apiAs }) => {
    const supervisor = await apiAs(demo.supervisor);
    // Service Client is a French campaign, and French needs a transcription provider.
    const call = await uploadCall(supervisor, [{ speaker: 'agent', text: 'Bonjour, service client.' }], {
      campaignId: serviceClientId,
      agentId: demoUserIds.agent3,
    });
    const failed = await settled(supervisor, call.id);
    expect(failed.status).toBe('failed');
    await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}` });
    const panel = page.getByRole('region', { name: 'Processing' });
    await expect(panel).toContainText('Processing failed.');
    await expect(panel).toContainText(
      'No transcription engine for this language (French): a transcription provider must be configured.',
    );
    const detail = panel.getByText(failed.status_detail as string);
    await expect(detail).toBeHidden();
    await panel.getByText('Technical details').click();
    await expect(detail).toBeVisible();
    await panel.getByRole('button', { name: 'Transcribe again' }).click();
    await expect(toasts(page)).toContainText('The transcription is queued again.');
    await expect(page.getByRole('link', { name: 'Edit transcript' })).toHaveCount(0);
  });

  test('an unknown conversation, or another agent’s, is not found; an agent reads their own without edit actions', async ({
    page,
    apiAs,
  }) => {
    const call = await theSupportCall(await apiAs(demo.supervisor));
    await loginAs(page, demo.agent2, { path: `/conversations/${call.id}` });
    await expect(heading(page, 'Page not found')).toBeVisible();
    await page.goto(`/conversations/${unknownId}`);
    await expect(heading(page, 'Page not found')).toBeVisible();

    const agentPage = await page.context().browser()!.newPage();
    await loginAs(agentPage, demo.agent, { path: `/conversations/${call.id}` });
    await expect(heading(agentPage, /^Call on /)).toBeVisible();
    await expect(agentPage.getByRole('button', { name: 'Download' })).toBeVisible();
    await expect(agentPage.getByRole('button', { name: 'More actions' })).toHaveCount(0);
    await expect(agentPage.getByRole('link', { name: 'Edit transcript' })).toHaveCount(0);
    await agentPage.close();
  });

  test('the conversation downloads as one file with its transcript and discussion', async ({
    page,
    apiAs,
  }) => {
    const call = await theSupportCall(await apiAs(demo.supervisor));
    await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}` });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`conversation-${call.id}.json`);
    const content = JSON.parse(
      await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString()),
    );
    expect(content.conversation.id).toBe(call.id);
    expect(Array.isArray(content.discussion)).toBe(true);
  });
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('une transcription en échec dit pourquoi en français, le détail technique à la demande', async ({
    page,
    apiAs,
  }) => {
    const supervisor = await apiAs(demo.supervisor);
    const call = await uploadCall(supervisor, [{ speaker: 'agent', text: 'Bonjour, service client.' }], {
      campaignId: serviceClientId,
      agentId: demoUserIds.agent3,
    });
    const failed = await settled(supervisor, call.id);
    expect(failed).toMatchObject({ status: 'failed', status_reason: 'no_engine_for_language' });
    await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}`, shell: false });
    const panel = page.getByRole('region', { name: 'Traitement' });
    await expect(panel).toContainText('Le traitement a échoué.');
    await expect(panel).toContainText(
      'Aucun moteur de transcription pour cette langue (Français) : un fournisseur de transcription doit être configuré.',
    );
    await panel.getByText('Détails techniques').press('Enter');
    await expect(panel.getByText(failed.status_detail as string)).toBeVisible();
  });

  test('la page d’un appel : écoute à partir d’un segment, traduction, discussion, transcription en conflit', async ({
    page,
    apiAs,
  }) => {
    const admin = await apiAs(demo.admin);
    const call = await theSupportCall(admin);
    await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}`, shell: false });
    await expect(heading(page, /^Appel du /)).toBeVisible();
    await expect(page.getByRole('region', { name: 'À propos de cette conversation' })).toContainText(
      'Transcrit par',
    );
    await expect(segments(page).nth(1)).toContainText('Client');
    await playFrom(page, 1, call.turns[1]!.start_s!);

    await page.getByRole('button', { name: 'Afficher en français' }).click();
    const state = page.getByRole('status').filter({ hasText: 'Affiché en français' });
    await expect(state).toContainText('traduit par apertium');
    await expect(state).toContainText('Aperçu');
    await expect(page.getByRole('button', { name: 'Afficher l’original' })).toBeVisible();

    const discussion = page.getByRole('region', { name: 'Discussion' });
    await discussion.getByLabel('Votre message').pressSequentially('Merci @luc');
    await expect(
      page.getByRole('listbox', { name: 'Personnes à mentionner' }).getByRole('option'),
    ).toHaveText(['Lucas Petit']);
    await page.keyboard.press('Tab');
    await discussion.getByRole('button', { name: 'Publier' }).click();
    await expect(toasts(page)).toContainText('Message publié.');
    await expect(discussion.locator('strong').filter({ hasText: '@Lucas Petit' }).first()).toBeVisible();

    await page.getByRole('link', { name: 'Modifier la transcription' }).click();
    await expect(heading(page, 'Modifier la transcription')).toBeVisible();
    await page.getByLabel('Texte du segment 2').fill('Ma version.');
    const current = await admin.get<ApiConversation>(`/conversations/${call.id}`);
    await admin.put(`/calls/${call.id}/transcript`, {
      transcript_version: current.transcript_version,
      segments: current.turns.map((turn, index) => ({
        speaker: turn.speaker,
        text: index === 1 ? 'Leur version.' : turn.text,
      })),
    });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'Quelqu’un d’autre a enregistré' });
    await expect(conflict).toBeVisible();
    await expect(page.getByLabel('Texte du segment 2')).toHaveValue('Ma version.');
    await conflict.getByRole('button', { name: 'Reprendre la version plus récente' }).click();
    await expect(page.getByLabel('Texte du segment 2')).toHaveValue('Leur version.');
    await expect(page.getByText('Rien à enregistrer', { exact: false })).toBeVisible();
  });
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the recording sits above the transcript and a tapped segment plays', async ({ page, apiAs }) => {
    const call = await theSupportCall(await apiAs(demo.supervisor));
    await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}` });
    // The Conversation tab (the review screen's first) shows its panel once the tabs have chosen it.
    await expect(audioPlayer(page)).toBeVisible();
    await expect(segments(page).first()).toBeVisible();
    const player = await audioPlayer(page).boundingBox();
    const firstSegment = await segments(page).first().boundingBox();
    expect(player!.y + player!.height).toBeLessThan(firstSegment!.y);
    await playFrom(page, 2, call.turns[2]!.start_s!);
  });
});

test.describe('accessibility', () => {
  test.use({ bypassCSP: true });

  for (const width of [1440, 390]) {
    test(`the conversation page and the transcript editor at ${width} px have no serious violation`, async ({
      page,
      apiAs,
    }) => {
      const call = await theSupportCall(await apiAs(demo.supervisor));
      await page.setViewportSize({ width, height: 900 });
      await loginAs(page, demo.supervisor, { path: `/conversations/${call.id}` });
      await expect(segments(page)).not.toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      // Below 1024 px the review screen is in tabs: each is checked as shown.
      if (width < 1024) {
        await page.getByRole('tab', { name: 'Evaluation' }).click();
        await expect(page.getByRole('region', { name: 'Evaluation', exact: true })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('tab', { name: 'Discussion' }).click();
      }
      await expect(page.getByRole('region', { name: 'Discussion' }).getByLabel('Your message')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/conversations/${call.id}/transcript/edit`);
      await expect(page.getByLabel('Text of segment 1')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
