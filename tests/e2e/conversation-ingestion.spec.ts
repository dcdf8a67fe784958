// The upload pages of a campaign: calls (a WAV made here), chats (CSV) and emails (.eml threads) uploaded, the
// same files again skipped as already there, bad files refused with their reason; in French once; at a mobile
// width once.
import type { Locator, Page } from '@playwright/test';
import { wavTone } from '../fixtures/audio';
import { demo, expect, loginAs, test } from './fixtures';
import { deleteCampaigns, heading, unique, type ApiCampaign } from './management/helpers';

const agentOption = `${demo.agent.name} — ${demo.agent.email}`;

interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const textFile = (name: string, mimeType: string, text: string): UploadFile => ({
  name,
  mimeType,
  buffer: Buffer.from(text),
});

const chatsCsv = textFile(
  'chats.csv',
  'text/csv',
  [
    'conversation_id,speaker,text,sent_at,metadata.channel',
    'web-1,customer,"Hello, my order has not arrived.",2025-03-03T09:00:00Z,web',
    'web-1,agent,"Sorry about that, let me check the tracking.",2025-03-03T09:01:00Z,web',
    'web-2,customer,Can I change my delivery address?,2025-03-03T10:00:00Z,app',
    'web-2,agent,"Of course, which address?",2025-03-03T10:00:30Z,app',
  ].join('\n'),
);

const eml = (name: string, headers: string[], body: string) =>
  textFile(
    name,
    'message/rfc822',
    [...headers, 'Content-Type: text/plain; charset=UTF-8', '', body].join('\r\n'),
  );

const question = eml(
  'question.eml',
  [
    'From: Alex <alex@customer.example>',
    `To: ${demo.agent.email}`,
    'Subject: Refund for order 55',
    'Date: Mon, 03 Mar 2025 09:00:00 +0000',
    'Message-ID: <question-55@customer.example>',
  ],
  'Hello, the jacket is too small. Can I get a refund?',
);
const answer = eml(
  'answer.eml',
  [
    `From: Lucas <${demo.agent.email}>`,
    'To: alex@customer.example',
    'Subject: Re: Refund for order 55',
    'Date: Mon, 03 Mar 2025 10:00:00 +0000',
    'Message-ID: <answer-55@demo.local>',
    'In-Reply-To: <question-55@customer.example>',
  ],
  'Hello Alex, your refund is on its way.',
);

const fileInput = (page: Page, name = 'Choose files') => page.getByLabel(name, { exact: true });
const summary = (page: Page, name = 'Import summary') => page.getByRole('status', { name });
const total = (summaryBox: Locator, term: string) =>
  summaryBox.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
const fileRow = (page: Page, name: string, list = 'Files') =>
  page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: name });

async function expectTotals(page: Page, created: number, duplicates: number, refused: number) {
  const box = summary(page);
  await expect(box).toContainText('Import finished.');
  await expect(total(box, 'Created')).toHaveText(String(created));
  await expect(total(box, 'Skipped \\(already there\\)')).toHaveText(String(duplicates));
  await expect(total(box, 'Refused')).toHaveText(String(refused));
}

test('supervisor: calls, chats and emails uploaded, the same files again skipped, bad files refused', async ({
  page,
  apiAs,
}) => {
  test.setTimeout(90_000);
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name: `Uploads ${suffix}` });
  try {
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}` });
    await page.getByRole('link', { name: 'Upload calls' }).click();
    await expect(heading(page, 'Upload calls')).toBeVisible();
    await expect(
      page.getByText('WAV, MP3, M4A/AAC, OGG/Opus, FLAC or WebM, up to 200 MB per file.'),
    ).toBeVisible();
    await page.getByLabel('Agent of these conversations').selectOption({ label: agentOption });
    const call = { name: 'call-1.wav', mimeType: 'audio/wav', buffer: wavTone(1) };
    await fileInput(page).setInputFiles([call, textFile('not-audio.wav', 'audio/wav', 'Agent: hello')]);
    await expectTotals(page, 1, 0, 1);
    await expect(fileRow(page, 'call-1.wav').getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(fileRow(page, 'call-1.wav')).toContainText('1 created');
    await expect(fileRow(page, 'not-audio.wav')).toContainText(
      'This is not an audio file of an accepted kind',
    );
    await fileInput(page).setInputFiles([call]);
    await expectTotals(page, 1, 1, 1);

    await page.getByRole('link', { name: `Back to ${campaign.name}` }).click();
    await page.getByRole('link', { name: 'Upload chats' }).click();
    await expect(heading(page, 'Upload chats')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the example chats-example.csv' })).toHaveAttribute(
      'download',
      'chats-example.csv',
    );
    await page.getByLabel('Agent of these conversations').selectOption({ label: agentOption });
    const broken = textFile('broken.csv', 'text/csv', 'conversation_id,text\nx-1,Hello');
    await fileInput(page).setInputFiles([chatsCsv, broken]);
    await expectTotals(page, 2, 0, 1);
    await expect(fileRow(page, 'broken.csv')).toContainText('Columns missing in the first line: speaker.');
    await fileInput(page).setInputFiles([chatsCsv]);
    await expectTotals(page, 2, 2, 1);

    await page.getByRole('link', { name: `Back to ${campaign.name}` }).click();
    await page.getByRole('link', { name: 'Upload emails' }).click();
    await expect(heading(page, 'Upload emails')).toBeVisible();
    // No agent chosen: the thread names one of the organisation's agents.
    await fileInput(page).setInputFiles([question, answer, textFile('empty.eml', 'message/rfc822', '')]);
    await expectTotals(page, 1, 0, 1);
    await expect(fileRow(page, 'question.eml')).toContainText('1 created');
    await expect(fileRow(page, 'answer.eml')).toContainText('Done');
    await expect(fileRow(page, 'empty.eml')).toContainText('empty.eml holds no readable email');
    await fileInput(page).setInputFiles([answer, question]);
    await expectTotals(page, 1, 1, 1);
  } finally {
    await deleteCampaigns(supervisor, suffix);
  }
});

test('supervisor: files queued on an upload page are still sent after leaving it, and shown on coming back', async ({
  page,
  apiAs,
}) => {
  const suffix = unique();
  const supervisor = await apiAs(demo.supervisor);
  const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name: `Uploads kept ${suffix}` });
  const moreChats = textFile(
    'more-chats.csv',
    'text/csv',
    [
      'conversation_id,speaker,text,sent_at',
      'web-3,customer,Is the shop open on Sunday?,2025-03-04T09:00:00Z',
    ].join('\n'),
  );
  // The first batch is held on its way to the server until the page has been left, so the second waits behind it.
  let releaseFirstBatch = () => {};
  const firstBatchHeld = new Promise<void>((resolve) => (releaseFirstBatch = resolve));
  await page.route(`**/api/campaigns/${campaign.id}/conversations/batch`, async (route) => {
    await firstBatchHeld;
    await route.continue();
  });
  try {
    await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/chats/upload` });
    await page.getByLabel('Agent of these conversations').selectOption({ label: agentOption });
    await fileInput(page).setInputFiles([chatsCsv]);
    await expect(fileRow(page, 'chats.csv')).toBeVisible();
    await fileInput(page).setInputFiles([moreChats]);
    await expect(fileRow(page, 'more-chats.csv')).toBeVisible();

    await page.getByRole('link', { name: `Back to ${campaign.name}` }).click();
    await expect(heading(page, campaign.name)).toBeVisible();
    releaseFirstBatch();

    await page.getByRole('link', { name: 'Upload chats' }).click();
    await expectTotals(page, 3, 0, 0);
    await expect(fileRow(page, 'more-chats.csv')).toContainText('1 created');
  } finally {
    releaseFirstBatch();
    await deleteCampaigns(supervisor, suffix);
  }
});

test.describe('with a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('supervisor: the example chat file downloaded from the page imports whole, in French', async ({
    page,
    apiAs,
  }) => {
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    const campaign = await supervisor.post<ApiCampaign>('/campaigns', {
      name: `Imports ${suffix}`,
      language: 'fr',
    });
    try {
      await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/chats/upload`, shell: false });
      await expect(heading(page, 'Importer des chats')).toBeVisible();
      const example = page.getByRole('link', { name: "Télécharger l'exemple exemple-chats.csv" });
      const download = page.waitForEvent('download');
      await example.click();
      const content = await (await download).createReadStream().then(async (stream) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      });
      expect(content.toString()).toContain("Bonjour, ma commande n'est toujours pas arrivée.");

      await fileInput(page, 'Choisir des fichiers').setInputFiles([
        { name: 'exemple-chats.csv', mimeType: 'text/csv', buffer: content },
        textFile('faux.csv', 'text/csv', 'conversation_id,speaker,text\nx-1,robot,Bip'),
      ]);
      const box = summary(page, "Bilan de l'import");
      await expect(box).toContainText('Import terminé.');
      await expect(total(box, 'Créées')).toHaveText('2');
      await expect(total(box, 'Refusées')).toHaveText('1');
      await expect(fileRow(page, 'faux.csv', 'Fichiers')).toContainText(
        "Ligne 2 : l'interlocuteur « robot » n'est ni agent ni client. Rien de ce fichier n'a été importé.",
      );
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});

test.describe('on a mobile width (390×800)', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('supervisor: the calls upload page fits and uploads', async ({ page, apiAs }) => {
    const suffix = unique();
    const supervisor = await apiAs(demo.supervisor);
    const campaign = await supervisor.post<ApiCampaign>('/campaigns', { name: `Mobile uploads ${suffix}` });
    try {
      await loginAs(page, demo.supervisor, { path: `/campaigns/${campaign.id}/calls/upload` });
      await expect(heading(page, 'Upload calls')).toBeVisible();
      const pageWidth = () => page.evaluate(() => document.scrollingElement!.scrollWidth);
      expect(await pageWidth()).toBeLessThanOrEqual(390);
      await expect(page.getByText('Choose files')).toBeInViewport();
      // Calls wait for their agent: nothing is read before one (or none) is chosen.
      await expect(
        page.getByText('Choose the agent (or “No agent (set it later)”) before adding calls.'),
      ).toBeVisible();
      await expect(fileInput(page)).toBeDisabled();
      await page
        .getByLabel('Agent of these conversations')
        .selectOption({ label: 'No agent (set it later)' });
      await fileInput(page).setInputFiles([
        { name: 'mobile.wav', mimeType: 'audio/wav', buffer: wavTone(0.6) },
      ]);
      await expectTotals(page, 1, 0, 0);
      expect(await pageWidth()).toBeLessThanOrEqual(390);
    } finally {
      await deleteCampaigns(supervisor, suffix);
    }
  });
});
