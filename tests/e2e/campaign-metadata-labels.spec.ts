// A campaign's metadata labels on its settings page: each metadata key of its conversations gets an English and a
// French label, which the list's filters and the conversation's facts then show in the user's language instead of
// the raw key; a key without a label shows as itself. In English, in French, and at phone width.
import { demoUserIds, type ApiConversation } from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test, toasts, type ApiSession } from './fixtures';
import { deleteCampaigns, section, unique, type ApiCampaign } from './management/helpers';

/** A campaign of its own with one chat carrying two metadata keys. */
async function campaignWithMetadata(supervisor: ApiSession, name: string) {
  const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name });
  const chat = await supervisor.post<ApiConversation>(`/campaigns/${campaign.id}/conversations`, {
    type: 'chat',
    agent_id: demoUserIds.agent,
    metadata: { customer_tier: 'gold', region_code: 'north' },
    messages: [
      { speaker: 'customer', text: 'My parcel never arrived.' },
      { speaker: 'agent', text: 'Let me check the tracking for you.' },
    ],
  });
  return { campaign, chat };
}

test('a supervisor labels a metadata key; the list and the conversation show the label', async ({
  page,
  apiAs,
}) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  try {
    const { campaign, chat } = await campaignWithMetadata(supervisor, `Labels ${suffix}`);
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings` });
    const labels = section(page, 'Metadata labels');
    const tier = labels.getByRole('group', { name: 'customer_tier' });
    await expect(labels.getByRole('button', { name: 'Save' })).toBeDisabled();
    await tier.getByLabel('In English').fill('Customer tier');
    await tier.getByLabel('In French').fill('Niveau client');
    await labels.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText('Metadata labels saved.');
    expect(
      (await supervisor.get<{ metadata_labels: unknown }>(`/campaigns/${campaign.id}`)).metadata_labels,
    ).toEqual({ customer_tier: { en: 'Customer tier', fr: 'Niveau client' } });

    await page.goto(`/campaigns/${campaign.id}/conversations`);
    const filters = page.getByRole('region', { name: 'Filters', exact: true });
    await filters.getByRole('button', { name: /^More filters/ }).click();
    await expect(filters.getByRole('button', { name: /^Customer tier / })).toBeVisible();
    await expect(filters.getByRole('button', { name: /^region_code / })).toBeVisible();

    await page.goto(`/conversations/${chat.id}`);
    const facts = page.getByRole('region', { name: 'About this conversation' });
    await expect(facts.locator('dt', { hasText: /^Customer tier$/ })).toBeVisible();
    await expect(facts.locator('dt', { hasText: /^region_code$/ })).toBeVisible();
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('les filtres de la liste et la conversation montrent le libellé français', async ({ page, apiAs }) => {
    test.setTimeout(120_000);
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    try {
      const { campaign, chat } = await campaignWithMetadata(supervisor, `Libellés ${suffix}`);
      await supervisor.patch(`/campaigns/${campaign.id}`, {
        metadata_labels: { customer_tier: { en: 'Customer tier', fr: 'Niveau client' } },
      });
      await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings`, shell: false });
      const tier = section(page, 'Libellés des métadonnées').getByRole('group', { name: 'customer_tier' });
      await expect(tier.getByLabel('En français')).toHaveValue('Niveau client');

      await page.goto(`/campaigns/${campaign.id}/conversations`);
      const filters = page.getByRole('region', { name: 'Filtres', exact: true });
      await filters.getByRole('button', { name: /^Plus de filtres/ }).click();
      await expect(filters.getByRole('button', { name: /^Niveau client / })).toBeVisible();
      await page.goto(`/conversations/${chat.id}`);
      const facts = page.getByRole('region', { name: 'À propos de cette conversation' });
      await expect(facts.locator('dt', { hasText: /^Niveau client$/ })).toBeVisible();
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the labels fit the screen, each field reachable', async ({ page, apiAs }) => {
    test.setTimeout(90_000);
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    try {
      const { campaign } = await campaignWithMetadata(supervisor, `Labels phone ${suffix}`);
      await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings` });
      const labels = section(page, 'Metadata labels');
      const region = labels.getByRole('group', { name: 'region_code' });
      await expectFitsWidth(page, 390, [
        region.getByLabel('In English'),
        region.getByLabel('In French'),
        labels.getByRole('button', { name: 'Save' }),
      ]);
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});
