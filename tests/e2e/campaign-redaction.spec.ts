// A campaign's PII redaction on its settings page: a supervisor turns stored redaction on, and a chat posted
// afterwards shows placeholders where the customer gave a card number, an email address and a phone number (spelt
// out in French). In English, in French, and at phone width; each test leaves a screenshot in test-results/.
import { demoUserIds, type ApiConversation } from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test, toasts, type ApiSession } from './fixtures';
import { deleteCampaigns, section, unique, type ApiCampaign } from './management/helpers';

const postChat = (supervisor: ApiSession, campaignId: string, text: string) =>
  supervisor.post<ApiConversation>(`/campaigns/${campaignId}/conversations`, {
    type: 'chat',
    agent_id: demoUserIds.agent,
    messages: [
      { speaker: 'customer', text },
      { speaker: 'agent', text: 'Thank you, it is noted.' },
    ],
  });

test('a supervisor stores conversations redacted; a new chat shows placeholders', async ({ page, apiAs }) => {
  test.setTimeout(90_000);
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  try {
    const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name: `Redaction ${suffix}` });
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings` });
    const redaction = section(page, 'Personal data redaction');
    const stored = redaction.getByRole('checkbox', { name: 'Store conversations redacted' });
    await expect(stored).not.toBeChecked();
    await expect(redaction.getByRole('note')).toContainText('cannot be undone');
    await stored.click();
    await redaction.getByRole('checkbox', { name: 'Redact exports' }).click();
    await redaction.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText('Redaction settings saved.');
    expect(await supervisor.get<ApiCampaign>(`/campaigns/${campaign.id}`)).toMatchObject({
      redact_at_ingestion: true,
      redact_exports: true,
      redact_for_providers: false,
    });
    await page.screenshot({ path: 'test-results/redaction-settings-en.png', fullPage: true });

    const chat = await postChat(
      supervisor,
      campaign.id,
      'My card is 4111 1111 1111 1111 and my email is jane.doe@example.com.',
    );
    await page.goto(`/conversations/${chat.id}`);
    await expect(page.getByText('My card is [CARD] and my email is [EMAIL].')).toBeVisible();
    await expect(page.getByText(/4111/)).toHaveCount(0);
    await page.screenshot({ path: 'test-results/redacted-conversation-en.png', fullPage: true });
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('la section parle français ; un numéro épelé est masqué', async ({ page, apiAs }) => {
    test.setTimeout(90_000);
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    try {
      const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name: `Masquage ${suffix}` });
      await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings`, shell: false });
      const redaction = section(page, 'Masquage des données personnelles');
      await redaction.getByRole('checkbox', { name: 'Enregistrer les conversations masquées' }).click();
      await redaction.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(toasts(page)).toContainText('Réglages de masquage enregistrés.');
      await expect(
        redaction.getByRole('checkbox', { name: 'Masquer le texte envoyé aux fournisseurs LLM' }),
      ).not.toBeChecked();
      await page.screenshot({ path: 'test-results/redaction-settings-fr.png', fullPage: true });

      const chat = await postChat(
        supervisor,
        campaign.id,
        "Mon numéro, c'est le zéro six douze trente-quatre cinquante-six soixante-dix-huit.",
      );
      await page.goto(`/conversations/${chat.id}`);
      await expect(page.getByText("Mon numéro, c'est le [PHONE].")).toBeVisible();
      await page.screenshot({ path: 'test-results/redacted-conversation-fr.png', fullPage: true });
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every control of the section fits, and a redacted conversation reads', async ({ page, apiAs }) => {
    test.setTimeout(90_000);
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    try {
      const campaign = await supervisor.post<ApiCampaign>('/campaigns', {
        name: `Redaction phone ${suffix}`,
      });
      await supervisor.patch(`/campaigns/${campaign.id}`, { redact_at_ingestion: true });
      await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings` });
      const redaction = section(page, 'Personal data redaction');
      await expect(redaction.getByRole('checkbox', { name: 'Store conversations redacted' })).toBeChecked();
      await expectFitsWidth(page, 390, [
        redaction.getByRole('checkbox', { name: 'Redact text sent to LLM providers' }),
        redaction.getByRole('checkbox', { name: 'Redact exports' }),
        redaction.getByRole('note'),
        redaction.getByRole('button', { name: 'Save' }),
      ]);
      await redaction.screenshot({ path: 'test-results/redaction-settings-390.png' });

      const chat = await postChat(supervisor, campaign.id, 'Call me back on +44 20 7946 0958, please.');
      await page.goto(`/conversations/${chat.id}`);
      await expect(page.getByText('Call me back on [PHONE], please.')).toBeVisible();
      await page.screenshot({ path: 'test-results/redacted-conversation-390.png', fullPage: true });
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});
