// A campaign's evaluation settings on its settings page, on a server without an evaluation provider (as the e2e
// server runs): the rules engine is the one in use, the LLM is offered disabled with the reason, the force-rules
// toggle waits for the LLM, and turning automatic evaluation off is saved. In English, in French, and at phone
// width.
import { demo, expect, expectFitsWidth, loginAs, test, toasts } from './fixtures';
import { deleteCampaigns, section, unique, type ApiCampaign } from './management/helpers';

test('supervisor: sees why the LLM cannot be chosen and turns automatic evaluation off', async ({
  page,
  apiAs,
}) => {
  const supervisor = await apiAs(demo.supervisor);
  const name = `Evaluation settings ${unique()}`;
  const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name });
  try {
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings` });
    const evaluation = section(page, 'Evaluation');
    const engine = evaluation.getByLabel('Evaluation engine');
    await expect(engine).toHaveValue('rules');
    await expect(engine.getByRole('option', { name: 'LLM provider (not configured)' })).toBeDisabled();
    await expect(evaluation.getByRole('note')).toContainText('No LLM provider is configured on this server');
    await expect(
      evaluation.getByRole('checkbox', { name: 'Items with rules always use the rules engine' }),
    ).toHaveAttribute('aria-disabled', 'true');

    const automatic = evaluation.getByRole('checkbox', {
      name: 'Evaluate new conversations once transcribed and analysed',
    });
    await expect(automatic).toBeChecked();
    await automatic.focus();
    await page.keyboard.press('Space');
    await evaluation.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText('Evaluation settings saved.');
    expect(
      (await supervisor.get<{ auto_evaluate: boolean }>(`/campaigns/${campaign.id}`)).auto_evaluate,
    ).toBe(false);
    await page.reload();
    await expect(
      section(page, 'Evaluation').getByRole('checkbox', { name: /^Evaluate new/ }),
    ).not.toBeChecked();
  } finally {
    await deleteCampaigns(supervisor, name);
  }
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('supervisor: the section speaks French', async ({ page }) => {
    await loginAs(page, demo.supervisor, {
      path: '/campaigns/019a0000-0000-7000-8000-000000000302/settings',
      shell: false,
    });
    const evaluation = section(page, 'Évaluation');
    await expect(evaluation.getByLabel('Moteur d’évaluation')).toHaveValue('rules');
    await expect(evaluation.getByRole('note')).toContainText('Aucun fournisseur LLM n’est configuré');
    await expect(
      evaluation.getByRole('checkbox', {
        name: 'Évaluer les nouvelles conversations une fois transcrites et analysées',
      }),
    ).toBeVisible();
  });
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('supervisor: every control of the section is reachable', async ({ page }) => {
    await loginAs(page, demo.supervisor, {
      path: '/campaigns/019a0000-0000-7000-8000-000000000301/settings',
    });
    const evaluation = section(page, 'Evaluation');
    await expect(evaluation.getByLabel('Evaluation engine')).toBeVisible();
    await expectFitsWidth(page, 390, [
      evaluation.getByLabel('Evaluation engine'),
      evaluation.getByRole('checkbox', { name: /^Evaluate new/ }),
      evaluation.getByRole('button', { name: 'Save' }),
    ]);
  });
});
