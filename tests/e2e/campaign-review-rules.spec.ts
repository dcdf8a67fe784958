// A campaign's review rules on its settings page: a new campaign has none and says nothing is sampled; a supervisor
// adds two rules (filters, quota, reviewers, due days), puts the second first, saves, and finds them so after a
// reload; a reviewer who left the campaign meanwhile is refused at that rule's reviewers. In English, in French,
// and at phone width.
import type { Locator, Page } from '@playwright/test';
import { demo, expect, expectFitsWidth, loginAs, test, toasts, type ApiSession } from './fixtures';
import { deleteCampaigns, heading, section, unique, type ApiCampaign } from './management/helpers';

interface Words {
  section: string;
  none: string;
  add: string;
  rule: (number: number, name: string) => string;
  name: string;
  reviewers: string;
  howMany: string;
  percentKind: string;
  percent: string;
  dueInDays: string;
  noFilter: string;
  needsReview: string;
  oneFilter: string;
  moveUp: (name: string) => string;
  save: string;
  saved: string;
  reviewersRequired: string;
  refused: string;
}

const english: Words = {
  section: 'Review',
  none: 'No rule: nothing is sampled for review',
  add: 'Add a rule',
  rule: (number, name) => `Rule ${number}: ${name}`,
  name: 'Rule name',
  reviewers: 'Reviewers',
  howMany: 'How many',
  percentKind: 'A percentage',
  percent: 'Percentage of the conversations',
  dueInDays: 'Due in (days)',
  noFilter: 'Every evaluated conversation (no filter)',
  needsReview: 'Only evaluations the AI flagged (unverified quote, failed item, low confidence)',
  oneFilter: '1 filter',
  moveUp: (name) => `Move ${name} up`,
  save: 'Save',
  saved: 'Review rules saved.',
  reviewersRequired: 'Choose at least one reviewer.',
  refused: 'Someone chosen here can no longer review in this campaign: untick them.',
};

const french: Words = {
  section: 'Révision',
  none: "Aucune règle : rien n'est sélectionné pour révision",
  add: 'Ajouter une règle',
  rule: (number, name) => `Règle ${number} : ${name}`,
  name: 'Nom de la règle',
  reviewers: 'Réviseurs',
  howMany: 'Combien',
  percentKind: 'Un pourcentage',
  percent: 'Pourcentage des conversations',
  dueInDays: 'Échéance (jours)',
  noFilter: 'Toutes les conversations évaluées (aucun filtre)',
  needsReview:
    "Seulement les évaluations signalées par l'IA (citation non vérifiée, critère échoué, confiance faible)",
  oneFilter: '1 filtre',
  moveUp: (name) => `Monter ${name}`,
  save: 'Enregistrer',
  saved: 'Règles de révision enregistrées.',
  reviewersRequired: 'Choisissez au moins un réviseur.',
  refused: 'Une personne choisie ici ne peut plus réviser dans cette campagne : décochez-la.',
};

/** A campaign of its own, owned by the supervisor, with the second supervisor as an editor who may review. */
async function reviewedCampaign(supervisor: ApiSession, admin: ApiSession, name: string) {
  const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name });
  const editorId = await admin.userId(demo.supervisor2);
  await supervisor.post(`/campaigns/${campaign.id}/users`, {
    user_id: editorId,
    role: 'editor',
    policy: { can_edit_settings: true },
  });
  return { campaign, editorId };
}

/** Ticks reviewers in a rule's multiple choice, then closes it. */
async function chooseReviewers(page: Page, rule: Locator, words: Words, names: string[]) {
  await rule.getByRole('button', { name: new RegExp(`^${words.reviewers} `) }).click();
  for (const name of names) await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Adds a rule at the end, named, and returns its fields. */
async function addRule(page: Page, rules: Locator, words: Words, number: number, name: string) {
  await rules.getByRole('button', { name: words.add }).click();
  const unnamed = rules.getByRole('group', { name: new RegExp(`^${words.rule(number, '')}`) });
  await unnamed.getByLabel(words.name).fill(name);
  return rules.getByRole('group', { name: words.rule(number, name) });
}

async function createReorderAndReload(page: Page, supervisor: ApiSession, campaignId: string, words: Words) {
  const rules = section(page, words.section);
  await expect(rules).toContainText(words.none);
  await expect(rules.getByRole('button', { name: words.save })).toBeDisabled();

  const weekly = await addRule(page, rules, words, 1, 'Weekly');
  await rules.getByRole('button', { name: words.save }).click();
  await expect(weekly.getByRole('alert')).toHaveText(words.reviewersRequired);
  await chooseReviewers(page, weekly, words, [demo.supervisor.name]);

  const flagged = await addRule(page, rules, words, 2, 'Flagged');
  await flagged.getByLabel(words.howMany).selectOption({ label: words.percentKind });
  await flagged.getByLabel(words.percent).fill('25');
  await flagged.getByLabel(words.dueInDays).fill('3');
  await flagged.getByText(words.noFilter).click();
  await flagged.getByText(words.needsReview).click();
  await expect(flagged.getByText(words.oneFilter)).toBeVisible();
  await chooseReviewers(page, flagged, words, [demo.supervisor.name, demo.supervisor2.name]);

  await flagged.getByRole('button', { name: words.moveUp('Flagged') }).click();
  await expect(rules.getByRole('group', { name: words.rule(1, 'Flagged') })).toBeVisible();
  await rules.getByRole('button', { name: words.save }).click();
  await expect(toasts(page)).toContainText(words.saved);
  await expect(rules.getByRole('button', { name: words.save })).toBeDisabled();

  const stored = await supervisor.get<
    { name: string; quota: unknown; filters: unknown; due_in_days: number }[]
  >(`/campaigns/${campaignId}/review-rules`);
  expect(stored).toMatchObject([
    { name: 'Flagged', quota: { percent: 25 }, filters: { needs_review: true }, due_in_days: 3 },
    { name: 'Weekly', quota: { per_agent: 5, period: 'week' }, filters: {}, due_in_days: 7 },
  ]);

  await page.reload();
  const first = section(page, words.section).getByRole('group', { name: words.rule(1, 'Flagged') });
  await expect(first.getByLabel(words.percent)).toHaveValue('25');
  await expect(first.getByText(words.oneFilter)).toBeVisible();
  await expect(
    section(page, words.section).getByRole('group', { name: words.rule(2, 'Weekly') }),
  ).toBeVisible();
}

/** The editor leaves the campaign after being chosen: the save is refused at the rule's reviewers. */
async function refusedReviewer(
  page: Page,
  supervisor: ApiSession,
  campaignId: string,
  editorId: string,
  words: Words,
) {
  const rules = section(page, words.section);
  const weekly = rules.getByRole('group', { name: words.rule(2, 'Weekly') });
  await chooseReviewers(page, weekly, words, [demo.supervisor2.name]);
  await supervisor.delete(`/campaigns/${campaignId}/users/${editorId}`);
  await rules.getByRole('button', { name: words.save }).click();
  await expect(weekly.getByRole('alert')).toHaveText(words.refused);
  await expect(rules.getByRole('group', { name: words.rule(1, 'Flagged') }).getByRole('alert')).toHaveText(
    words.refused,
  );
}

for (const [language, words] of [
  ['English', english],
  ['French', french],
] as const) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: language === 'English' ? 'en-GB' : 'fr-FR' });

    test('a supervisor creates two rules, reorders, saves and finds them after a reload; a refused reviewer is shown at the rule', async ({
      page,
      apiAs,
    }) => {
      // Two logins through the API, one through the page, two saves and a reload.
      test.setTimeout(120_000);
      const suffix = unique();
      const supervisor = await apiAs(demo.supervisor);
      const admin = await apiAs(demo.admin);
      try {
        const { campaign, editorId } = await reviewedCampaign(supervisor, admin, `Rules ${suffix}`);
        await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings`, shell: false });
        await createReorderAndReload(page, supervisor, campaign.id, words);
        await refusedReviewer(page, supervisor, campaign.id, editorId, words);
      } finally {
        await deleteCampaigns(supervisor, suffix);
      }
    });
  });
}

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the rules fit the screen, each control reachable', async ({ page, apiAs }) => {
    test.setTimeout(60_000);
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    const admin = await apiAs(demo.admin);
    try {
      const { campaign } = await reviewedCampaign(supervisor, admin, `Rules phone ${suffix}`);
      await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/settings` });
      await expect(heading(page, `Campaign settings · ${campaign.name}`)).toBeVisible();
      const rules = section(page, english.section);
      const rule = await addRule(page, rules, english, 1, 'Phone');
      await rule.getByText(english.noFilter).click();
      await expectFitsWidth(page, 390, [
        rule.getByLabel(english.name),
        rule.getByRole('button', { name: english.moveUp('Phone') }),
        rule.getByRole('button', { name: 'Remove Phone' }),
        rule.getByText(english.needsReview),
        rule.getByLabel(english.howMany),
        rule.getByLabel('Conversations per agent'),
        rule.getByRole('button', { name: /^Reviewers / }),
        rule.getByLabel(english.dueInDays),
        rules.getByRole('button', { name: english.add }),
      ]);
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});
