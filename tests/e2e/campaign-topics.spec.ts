// A campaign's topics on its settings page: the demo campaigns come with theirs; a supervisor adds, renames and
// removes topics and their keywords with the keyboard, mistakes are said before saving, and saving has the
// campaign's conversations analysed again so that the list shows the new topics. In English, in French, and at
// phone width.
import {
  customerCareId,
  demoUserIds,
  serviceClientId,
  settled,
  type ApiConversation,
} from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test, toasts, type ApiSession } from './fixtures';
import { deleteCampaigns, heading, section, unique, type ApiCampaign } from './management/helpers';

/** A campaign of its own with one chat about a late parcel, analysed. */
async function campaignWithChat(supervisor: ApiSession, name: string, language: 'en' | 'fr') {
  const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name, language });
  const chat = await supervisor.post<ApiConversation>(`/campaigns/${campaign.id}/conversations`, {
    type: 'chat',
    agent_id: demoUserIds.agent,
    language,
    messages:
      language === 'en'
        ? [
            { speaker: 'customer', text: 'My parcel never arrived.' },
            { speaker: 'agent', text: 'Let me check the tracking for you.' },
          ]
        : [
            { speaker: 'customer', text: 'Mon colis n’est jamais arrivé.' },
            { speaker: 'agent', text: 'Je regarde le suivi pour vous.' },
          ],
  });
  await settled(supervisor, chat.id);
  return { campaign, chat };
}

/** The topics of the conversation as the list shows them, once its analysis has caught up. */
async function expectListedTopics(supervisor: ApiSession, campaignId: string, topics: string[]) {
  await expect
    .poll(
      async () => {
        const list = await supervisor.get<{ items: { topics: string[] }[] }>(
          `/campaigns/${campaignId}/conversations`,
        );
        return list.items[0]?.topics;
      },
      { timeout: 30_000 },
    )
    .toEqual(topics);
}

test('the demo campaigns come with topics, and the demo list shows them', async ({ page, apiAs }) => {
  const supervisor = await apiAs(demo.supervisor);
  for (const campaignId of [customerCareId, serviceClientId]) {
    await expect
      .poll(
        async () => {
          const list = await supervisor.get<{ items: { topics: string[] }[] }>(
            `/campaigns/${campaignId}/conversations?limit=200`,
          );
          return list.items.filter((item) => item.topics.length > 0).length;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(20);
  }
  await loginAs(page, demo.supervisor, { path: `/campaigns/${customerCareId}/settings` });
  const billing = section(page, 'Topics').getByRole('group', { name: 'Billing' });
  await expect(billing.getByLabel('Topic name')).toHaveValue('Billing');
  await expect(billing.getByLabel('Keywords and phrases, one per line')).toHaveValue(/^bill\ninvoice/);
});

test('supervisor: adds, checks, renames and removes topics with the keyboard; the list follows', async ({
  page,
  apiAs,
}) => {
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  try {
    const { campaign } = await campaignWithChat(supervisor, `Topics ${suffix}`, 'en');
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings` });
    await expect(heading(page, `Campaign settings · ${campaign.name}`)).toBeVisible();
    const topics = section(page, 'Topics');
    await expect(topics).toContainText('No topic yet');
    await expect(topics.getByRole('button', { name: 'Save' })).toBeDisabled();

    const add = topics.getByRole('button', { name: 'Add a topic' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(topics.getByRole('group', { name: 'Topic 1' }).getByLabel('Topic name')).toBeFocused();
    await topics.getByRole('button', { name: 'Save' }).click();
    await expect(topics.getByRole('alert')).toHaveText([
      'This field is required.',
      'Give at least one keyword or phrase.',
    ]);

    await page.keyboard.type('Delivery');
    await page.keyboard.press('Tab');
    await page.keyboard.type('parcel\n*\ntrack*');
    await add.click();
    await page.keyboard.type('delivery');
    await page.keyboard.press('Tab');
    await page.keyboard.type('courier');
    await topics.getByRole('button', { name: 'Save' }).click();
    await expect(topics.getByRole('alert')).toHaveText([
      'Each line needs a letter or a digit.',
      'Another topic has this name.',
    ]);
    await topics.getByRole('button', { name: 'Remove the topic “delivery”', exact: true }).click();
    await expect(add).toBeFocused();
    const delivery = topics.getByRole('group', { name: 'Delivery' });
    await delivery.getByLabel('Keywords and phrases, one per line').fill('parcel\ntrack*');
    await topics.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText('Topics saved: 1 conversation is being analysed again.');
    await expect(topics.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expectListedTopics(supervisor, campaign.id, ['Delivery']);

    await page.reload();
    await delivery.getByLabel('Topic name').fill('Shipping');
    await topics.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText('Topics saved: 1 conversation is being analysed again.');
    await expectListedTopics(supervisor, campaign.id, ['Shipping']);

    await page.goto(`/campaigns/${campaign.id}/conversations`);
    await expect(page.getByRole('table').getByText('Shipping')).toBeVisible();
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('un superviseur définit un thème, les erreurs et les messages sont en français', async ({
    page,
    apiAs,
  }) => {
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    try {
      const { campaign } = await campaignWithChat(supervisor, `Thèmes ${suffix}`, 'fr');
      await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings`, shell: false });
      const topics = section(page, 'Thèmes');
      await expect(topics).toContainText('Aucun thème pour l’instant');
      await topics.getByRole('button', { name: 'Ajouter un thème' }).click();
      await page.keyboard.type('Livraison');
      await topics.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(topics.getByRole('alert')).toHaveText('Indiquez au moins un mot-clé ou une expression.');
      await topics.getByLabel('Mots-clés et expressions, un par ligne').fill('colis\nlivr*');
      await topics.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(toasts(page)).toContainText(
        'Thèmes enregistrés : 1 conversation est en cours de nouvelle analyse.',
      );
      await expectListedTopics(supervisor, campaign.id, ['Livraison']);
      await topics.getByRole('button', { name: 'Supprimer le thème « Livraison »' }).click();
      await topics.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(toasts(page)).toContainText('Thèmes enregistrés : 1 conversation');
      await expectListedTopics(supervisor, campaign.id, []);
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the topics fit the screen, each control reachable', async ({ page, apiAs }) => {
    const supervisor = await apiAs(demo.supervisor);
    await loginAs(page, demo.supervisor, { path: `/campaigns/${customerCareId}/settings` });
    const topics = section(page, 'Topics');
    const first = topics.getByRole('group', { name: 'Billing' });
    await expect(first).toBeVisible();
    await expectFitsWidth(page, 390, [
      first.getByLabel('Topic name'),
      first.getByLabel('Keywords and phrases, one per line'),
      first.getByRole('button', { name: 'Remove the topic “Billing”' }),
      topics.getByRole('button', { name: 'Add a topic' }),
    ]);
    // The remove button says its word at this width, where an icon alone would be a guess.
    await expect(first.getByRole('button', { name: 'Remove the topic “Billing”' })).toContainText('Remove');
    expect(
      (await supervisor.get<{ topics: unknown[] }>(`/campaigns/${customerCareId}/topics`)).topics,
    ).toHaveLength(8);
  });
});
