// Custom analyses: a supervisor asks a campaign's conversations a question in a dialog (type, options, rules),
// mistakes are said at their field, the existing conversations are answered by the real analysis job, and the
// answers show on the analyses page (chart or table, free texts) and on the conversation page; an analysis is
// changed and deleted. Readers without the right see the analyses and answers only. English, French, 390 px.
import { campaignWithChat, conversationOnceAnalysed } from './analysis-helpers';
import { customerCareId, serviceClientId } from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test, toasts } from './fixtures';
import { deleteCampaigns, dialog, heading, unique } from './management/helpers';
import type { Page } from '@playwright/test';

const parcelChat = [
  { speaker: 'customer', text: 'Hello, my parcel never arrived.' },
  { speaker: 'agent', text: 'I am sorry, let me check the tracking.' },
  { speaker: 'agent', text: 'Sorry again, it is on its way.' },
] as const;

/** The card of one analysis on the analyses page. */
const card = (page: Page, name: string) => page.getByRole('article', { name });

test('supervisor: asks questions of the conversations, sees the answers, changes and deletes them', async ({
  page,
  apiAs,
}) => {
  test.setTimeout(240_000);
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  try {
    const { campaign, chat } = await campaignWithChat(supervisor, `Analyses ${suffix}`, 'en', parcelChat);
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/custom-analyses` });
    await expect(heading(page, `Custom analyses · ${campaign.name}`)).toBeVisible();
    await expect(page.getByRole('status')).toContainText('No custom analysis yet');

    // A yes/no question answered from the customer's words.
    await page.getByRole('button', { name: 'Add an analysis' }).click();
    const create = dialog(page, 'New custom analysis');
    await create.getByRole('button', { name: 'Add' }).click();
    await expect(create.getByRole('alert')).toHaveText([
      'This field is required.',
      'This field is required.',
    ]);
    await create.getByLabel('Name').fill('Parcel lost');
    await create.getByLabel('Question').fill('Does the customer say a parcel is missing?');
    await create.getByLabel('Said by').selectOption('customer');
    await create.getByLabel('Phrases (one per line)').fill('parcel\nnever arrived');
    await create.getByRole('button', { name: 'Add' }).click();
    await expect(toasts(page)).toContainText('Analysis saved: 1 conversation is being answered.');

    // A choice needs two options; a number counts the agent's apologies.
    await page.getByRole('button', { name: 'Add an analysis' }).click();
    await create.getByLabel('Name').fill('Tone');
    await create.getByLabel('Question').fill('How does the agent sound?');
    await create.getByLabel('Answer type').selectOption('choice');
    await create.getByLabel('Options, one per line').fill('Sorry');
    await create.getByRole('button', { name: 'Add' }).click();
    await expect(create.getByRole('alert')).toHaveText('Give at least two options, one per line.');
    await create.getByLabel('Answer type').selectOption('number');
    await create.getByLabel('Phrases (one per line)').fill('sorry');
    await create.getByLabel('Said by').selectOption('agent');
    await create.getByRole('button', { name: 'Add' }).click();
    await expect(create).toBeHidden();

    await conversationOnceAnalysed(supervisor, chat.id, 'custom_analyses', [
      { name: 'Parcel lost', value: true, evidence_turn: 1 },
      { name: 'Tone', value: 2 },
    ]);
    await page.reload();
    const parcel = card(page, 'Parcel lost');
    await expect(parcel).toContainText('1 conversation answered, 0 without an answer.');
    await expect(parcel.getByRole('img')).toHaveAttribute('aria-label', 'Yes: 1, No: 0');
    await parcel.getByRole('button', { name: 'Show as a table' }).click();
    await expect(parcel.getByRole('row', { name: 'Yes 1 100%' })).toBeVisible();
    await expect(card(page, 'Tone').getByRole('definition')).toHaveText(['2', '2', '2']);

    // The conversation shows its answers; the evidence brings its turn into view.
    await page.goto(`/conversations/${chat.id}`);
    const answers = page.getByRole('region', { name: 'Custom analyses' });
    await expect(answers.getByRole('definition')).toContainText(['Yes', '2']);
    await answers.getByRole('button', { name: 'See turn 1' }).click();
    await expect(page.locator('[data-turn="1"]')).toBeFocused();

    // Changed into a free text: answered again, quoted on the page.
    await page.goto(`/campaigns/${campaign.id}/custom-analyses`);
    await card(page, 'Parcel lost').getByRole('button', { name: 'Change Parcel lost' }).click();
    const change = dialog(page, 'Change the custom analysis');
    await expect(change.getByLabel('Phrases (one per line)')).toHaveValue('parcel\nnever arrived');
    await change.getByLabel('Answer type').selectOption('free_text');
    await change.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText('Analysis saved: 1 conversation is being answered.');
    await conversationOnceAnalysed(supervisor, chat.id, 'custom_analyses', [
      { name: 'Parcel lost', value: 'Hello, my parcel never arrived.' },
      { name: 'Tone', value: 2 },
    ]);
    await page.reload();
    await expect(card(page, 'Parcel lost')).toContainText('“Hello, my parcel never arrived.”');

    await card(page, 'Tone').getByRole('button', { name: 'Delete Tone' }).click();
    await page.getByRole('dialog', { name: 'Delete Tone?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText('Analysis deleted.');
    await expect(card(page, 'Tone')).toHaveCount(0);
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test('a reader without the right to edit the settings sees the demo analyses and their answers only', async ({
  page,
}) => {
  await loginAs(page, demo.supervisor2, { path: `/campaigns/${customerCareId}/custom-analyses` });
  const reason = card(page, 'Reason for contact');
  await expect(reason).toContainText('Why does the customer contact us?');
  await expect(reason.getByRole('img')).toHaveAttribute('aria-label', /^Billing: \d+, Outage: \d+/);
  await expect(page.getByRole('button', { name: 'Add an analysis' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Change|Delete) / })).toHaveCount(0);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('un superviseur pose une question, la conversation y répond', async ({ page, apiAs }) => {
    test.setTimeout(180_000);
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    try {
      const { campaign, chat } = await campaignWithChat(supervisor, `Analyses ${suffix}`, 'fr', [
        { speaker: 'customer', text: 'Bonjour, je voudrais résilier mon contrat.' },
        { speaker: 'agent', text: 'Je m’en occupe.' },
      ]);
      await loginAs(page, demo.supervisor, {
        path: `/campaigns/${campaign.id}/custom-analyses`,
        shell: false,
      });
      await page.getByRole('button', { name: 'Ajouter une analyse' }).click();
      const create = dialog(page, 'Nouvelle analyse personnalisée');
      await create.getByLabel('Nom').fill('Résiliation');
      await create.getByLabel('Question').fill('Le client veut-il résilier ?');
      await create.getByLabel('Type de réponse').selectOption('choice');
      await create.getByLabel('Options, une par ligne').fill('Oui\nOui');
      await create.getByRole('button', { name: 'Ajouter' }).click();
      await expect(create.getByRole('alert')).toHaveText('Les options doivent être différentes.');
      await create.getByLabel('Options, une par ligne').fill('Résilie\nReste');
      await create.getByLabel('Phrases pour « Résilie » (une par ligne)').fill('résilier');
      await create.getByRole('button', { name: 'Ajouter' }).click();
      await expect(toasts(page)).toContainText('Analyse enregistrée : 1 conversation y répond.');
      await conversationOnceAnalysed(supervisor, chat.id, 'custom_analyses', [
        { name: 'Résiliation', value: 'Résilie' },
      ]);
      await page.reload();
      const resiliation = card(page, 'Résiliation');
      await expect(resiliation).toContainText('1 conversation a répondu, 0 sans réponse.');
      await resiliation.getByRole('button', { name: 'Afficher en tableau' }).click();
      await expect(resiliation.getByRole('row', { name: 'Résilie 1 100 %' })).toBeVisible();
      await page.goto(`/conversations/${chat.id}`);
      await expect(
        page.getByRole('region', { name: 'Analyses personnalisées' }).getByRole('definition'),
      ).toContainText('Résilie');
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the analyses and their answers fit the screen', async ({ page }) => {
    await loginAs(page, demo.supervisor, { path: `/campaigns/${serviceClientId}/custom-analyses` });
    const reason = card(page, 'Motif de contact');
    await expect(reason.getByRole('img')).toBeVisible();
    await expectFitsWidth(page, 390, [
      page.getByRole('button', { name: 'Add an analysis' }),
      reason.getByRole('button', { name: 'Change Motif de contact' }),
      reason.getByRole('button', { name: 'Delete Motif de contact' }),
      reason.getByRole('button', { name: 'Show as a table' }),
      card(page, 'Demande du client').getByRole('button', { name: 'Load more' }),
    ]);
  });
});
