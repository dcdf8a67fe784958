// The grid editor's checks, on a campaign built through the real API (a grid, text conversations evaluated by the
// worker, answers changed by a person, validated): the test panel runs the item as edited on a pasted transcript
// and on a chosen conversation; the golden-set check compares the draft and the current version with the
// validated answers, item by item, before and after a change; an empty campaign says so; in French; at 390 px.
import { demoUserIds } from './conversation-helpers';
import { demo, expect, expectFitsWidth, loginAs, test, type ApiSession } from './fixtures';
import { deleteCampaigns, section, unique, type ApiCampaign } from './management/helpers';

interface ApiGrid {
  id: string;
  sections: { items: { id: string }[] }[];
}

interface Labels {
  greets: string;
  apologises: string;
  hello: string;
  sorry: string;
  transcripts: string[];
}

const english: Labels = {
  greets: 'Greets',
  apologises: 'Apologises',
  hello: 'hello',
  sorry: 'sorry',
  transcripts: [
    'Agent: Hello there.\nCustomer: My bill is wrong.\nAgent: Sorry about that.',
    'Agent: Hi.\nCustomer: My parcel is late.\nAgent: Sorry.',
    'Agent: Hello.\nCustomer: Thanks.',
  ],
};

const french: Labels = {
  greets: 'Salue',
  apologises: "S'excuse",
  hello: 'bonjour',
  sorry: 'désolé',
  transcripts: [
    'Agent : Bonjour.\nClient : Ma facture est fausse.\nAgent : Désolé pour cela.',
    'Agent : Salut.\nClient : Mon colis est en retard.\nAgent : Désolé.',
    'Agent : Bonjour.\nClient : Merci.',
  ],
};

/**
 * A campaign whose grid greets by `hello` and apologises by `sorry`, with three conversations evaluated and
 * validated; in the second one a person says the agent did greet. Final answers: greets yes, yes, yes (the
 * rules: yes, no, yes); apologises yes, yes, no (the rules agree).
 */
async function validatedCampaign(api: ApiSession, name: string, language: 'en' | 'fr', labels: Labels) {
  const campaign = await api.post<ApiCampaign>('/campaigns', { name, language });
  const empty = await api.get<ApiGrid>(`/campaigns/${campaign.id}/evaluation-grid`);
  const grid = await api.patch<ApiGrid>(`/evaluation-grids/${empty.id}`, {
    sections: [
      {
        name: language === 'en' ? 'Call' : 'Appel',
        items: [
          { name: labels.greets, type: 'binary_item', rules: { any_of: [labels.hello], speaker: 'agent' } },
          {
            name: labels.apologises,
            type: 'binary_item',
            rules: { any_of: [labels.sorry], speaker: 'agent' },
          },
        ],
      },
    ],
  });
  const greetsId = grid.sections[0]!.items[0]!.id;
  const ids: string[] = [];
  for (const input_text of labels.transcripts) {
    const created = await api.post<{ id: string }>(`/campaigns/${campaign.id}/conversations`, {
      type: 'call',
      agent_id: demoUserIds.agent,
      input_text,
    });
    ids.push(created.id);
  }
  for (const id of ids) {
    await expect
      .poll(
        async () =>
          (await api.get<{ evaluation: { status: string } | null }>(`/conversations/${id}`)).evaluation
            ?.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('done');
  }
  await api.put(`/conversations/${ids[1]}/evaluation/items/${greetsId}`, {
    evaluation_item: { value: 'yes' },
    item_type: 'binary_item',
  });
  for (const id of ids) await api.post(`/conversations/${id}/evaluation/validate`, {});
  return campaign;
}

test('the test panel runs the item as edited on a pasted transcript and on a chosen conversation', async ({
  page,
  apiAs,
}) => {
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  try {
    const campaign = await validatedCampaign(supervisor, `Checks ${suffix}`, 'en', english);
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/evaluation` });
    const tester = section(page, 'Test an item');
    await expect(tester.getByLabel('Item to test')).toHaveValue('0.0');
    await tester.getByRole('button', { name: 'Run the test' }).click();
    await expect(tester.getByRole('alert')).toHaveText('Paste a transcript first.');

    await tester
      .getByRole('textbox', { name: 'Transcript' })
      .fill('Customer: Hi.\nAgent: Hello, how can I help?');
    await tester.getByRole('button', { name: 'Run the test' }).click();
    const result = tester.getByRole('region', { name: 'Result' });
    await expect(result).toContainText('Yes');
    await expect(result).toContainText('A phrase was said in the turns read.');
    await expect(result.getByRole('blockquote')).toHaveText('Hello, how can I help?');
    await expect(result).toContainText('Turn 2');

    // The item as edited, not as published: the phrase changed without publishing.
    await page
      .getByRole('listitem', { name: 'Greets', exact: true })
      .getByLabel('Phrases (one per line)')
      .fill('good morning');
    await tester.getByRole('button', { name: 'Run the test' }).click();
    await expect(result).toContainText('No');
    await expect(result).toContainText('None of the phrases was said in the turns read.');
    await expect(result).toContainText('No turn is quoted.');

    // A conversation of the campaign, found by what was said in it, and another item.
    await page.getByRole('button', { name: 'Test Apologises' }).click();
    await expect(tester.getByLabel('Item to test')).toBeFocused();
    await expect(tester.getByLabel('Item to test')).toHaveValue('0.1');
    await expect(result).toHaveCount(0);
    await tester.getByRole('radio', { name: 'A conversation of the campaign' }).check();
    await tester.getByLabel('Search the conversations').fill('parcel');
    const options = tester.getByRole('group', { name: 'Conversation' }).getByRole('radio');
    await expect(options).toHaveCount(1);
    await options.first().check();
    await tester.getByRole('button', { name: 'Run the test' }).click();
    await expect(result).toContainText('Yes');
    await expect(result.getByRole('blockquote')).toHaveText('Sorry.');
    await expect(result).toContainText('Turn 3');
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test('the golden-set check shows what a draft does to the agreement with the validated answers', async ({
  page,
  apiAs,
}) => {
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  try {
    const campaign = await validatedCampaign(supervisor, `Golden ${suffix}`, 'en', english);
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/evaluation` });
    const golden = section(page, 'Check against validated conversations');
    await golden.getByRole('button', { name: 'Check against validated conversations' }).click();
    await expect(golden).toContainText('Checked on 3 validated conversations.');
    await expect(golden).toContainText('Draft compared with version 1');
    const table = golden.getByRole('table', { name: 'Agreement with the validated answers, per item' });
    const row = (name: string) => table.getByRole('row').filter({ hasText: name });
    await expect(row('Greets').getByRole('cell')).toHaveText([
      'GreetsCall',
      '67% (2 of 3)',
      '67% (2 of 3)',
      '0 pts',
    ]);
    await expect(row('Apologises').getByRole('cell')).toHaveText([
      'ApologisesCall',
      '100% (3 of 3)',
      '100% (3 of 3)',
      '0 pts',
    ]);

    // "hi" added to the greeting's phrases, a new item without rules: the draft agrees more, nothing is published.
    const greets = page.getByRole('listitem', { name: 'Greets', exact: true });
    await greets.getByLabel('Phrases (one per line)').fill('hello\nhi');
    await golden.getByRole('button', { name: 'Check again' }).focus();
    await page.keyboard.press('Enter');
    await expect(row('Greets').getByRole('cell')).toHaveText([
      'GreetsCall',
      '100% (3 of 3)',
      '67% (2 of 3)',
      '+33 pts',
    ]);
    await expect(golden).toContainText(
      'All items evaluated by rules · Draft 100% (6 of 6) · Version 1 83% (5 of 6)',
    );
    await expect(page.getByRole('button', { name: 'Publish' })).toBeEnabled();

    // A field to fix stops the check and says where.
    await greets.getByLabel('Phrases (one per line)').fill('');
    await golden.getByRole('button', { name: 'Check again' }).click();
    await expect(greets.getByRole('alert')).toHaveText('Give at least one phrase.');
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test('a campaign without validated conversations says so', async ({ page, apiAs }) => {
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  try {
    const campaign = await supervisor.post<ApiCampaign>('/campaigns', {
      name: `Empty ${suffix}`,
      language: 'en',
    });
    const empty = await supervisor.get<ApiGrid>(`/campaigns/${campaign.id}/evaluation-grid`);
    await supervisor.patch(`/evaluation-grids/${empty.id}`, {
      sections: [{ name: 'Call', items: [{ name: 'Greets', type: 'binary_item' }] }],
    });
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/evaluation` });
    const golden = section(page, 'Check against validated conversations');
    await golden.getByRole('button', { name: 'Check against validated conversations' }).click();
    await expect(golden).toContainText('No validated conversation yet');
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('le test d’un critère et la vérification sur les conversations validées', async ({ page, apiAs }) => {
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    try {
      const campaign = await validatedCampaign(supervisor, `Vérif ${suffix}`, 'fr', french);
      await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/evaluation`, shell: false });
      const tester = section(page, 'Tester un critère');
      await tester
        .getByRole('textbox', { name: 'Transcription' })
        .fill('Client : Allô ?\nAgent : Bonjour, que puis-je faire ?');
      await tester.getByRole('button', { name: 'Lancer le test' }).click();
      const result = tester.getByRole('region', { name: 'Résultat' });
      await expect(result).toContainText('Oui');
      await expect(result).toContainText('Une expression a été dite dans les tours lus.');
      await expect(result).toContainText('Tour 2');
      await tester.getByRole('textbox', { name: 'Transcription' }).fill('Bonjour sans étiquette');
      await tester.getByRole('button', { name: 'Lancer le test' }).click();
      await expect(tester.getByRole('alert')).toContainText('La transcription n’a pas pu être lue');

      const golden = section(page, 'Vérifier sur les conversations validées');
      await golden.getByRole('button', { name: 'Vérifier sur les conversations validées' }).click();
      await expect(golden).toContainText('Vérifié sur 3 conversations validées.');
      const table = golden.getByRole('table', { name: 'Accord avec les réponses validées, par critère' });
      await expect(table.getByRole('row').filter({ hasText: 'Salue' }).getByRole('cell').nth(1)).toHaveText(
        '67 % (2 sur 3)',
      );
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the test panel and the check fit the screen, each control reachable', async ({ page, apiAs }) => {
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    try {
      const campaign = await validatedCampaign(supervisor, `Phone ${suffix}`, 'en', english);
      await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/evaluation` });
      const tester = section(page, 'Test an item');
      await tester.getByRole('textbox', { name: 'Transcript' }).fill('Agent: Hello.');
      await tester.getByRole('button', { name: 'Run the test' }).click();
      await expect(tester.getByRole('region', { name: 'Result' })).toContainText('Yes');
      const golden = section(page, 'Check against validated conversations');
      await golden.getByRole('button', { name: 'Check against validated conversations' }).click();
      await expect(golden).toContainText('Checked on 3 validated conversations.');
      await expectFitsWidth(page, 390, [
        tester.getByLabel('Item to test'),
        tester.getByRole('textbox', { name: 'Transcript' }),
        tester.getByRole('button', { name: 'Run the test' }),
        golden.getByRole('button', { name: 'Check again' }),
        golden.getByRole('row').filter({ hasText: 'Apologises' }),
      ]);
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});
