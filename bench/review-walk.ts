// The review walk as a reviewer lives it (issue 21), in Debian's Chromium against the real server as `npm start`
// runs it (PGlite, demo data, a fresh data directory): `count` evaluated chats of Customer Care are put first in
// the supervisor's queue, then reviewed from "My queue" by keyboard only. For each, the reviewer moves to the first
// item and answers it (j, n), then validates and goes on (Shift+V). Prints the time from Shift+V to the next
// conversation ready (its place in the walk, its evaluation's score shown), measured in the page from the key's
// event to the frame that shows it, with the requests on the way; and the keystrokes per reviewed conversation.
// Asserts nothing. Run: npx tsx bench/review-walk.ts [count]
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, request as playwrightRequest, type Page, type Request } from '@playwright/test';
import { demoCampaigns, demoPassword, demoUsers } from '../server/demo/data';
import { freePort, startServer, stopServer } from '../tests/fixtures/server-process';

const count = Number(process.argv[2] ?? 10);
const day = 24 * 3600;
/** What the reviewer presses on each conversation: the first item, "no", then validate and next. */
const keysPerConversation = ['j', 'n', 'Shift+V'];

/** The supervisor's API session: the login form, then a bearer token from the refresh cookie. */
async function apiSession(baseUrl: string) {
  const context = await playwrightRequest.newContext({ baseURL: baseUrl });
  const origin = { origin: baseUrl };
  const form = { email: demoUsers.supervisor.email, password: demoPassword };
  const login = await context.post('/auth/login', { form, headers: origin, maxRedirects: 0 });
  if (login.status() !== 303) throw new Error(`Login answered ${login.status()}`);
  const refresh = await context.post('/auth/token/refresh', { headers: origin });
  const { access_token: token } = (await refresh.json()) as { access_token: string };
  const call = async <T>(method: 'GET' | 'POST', url: string, data?: object): Promise<T> => {
    const response = await context.fetch(`/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    if (!response.ok())
      throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { context, call };
}

type Call = Awaited<ReturnType<typeof apiSession>>['call'];

/** A chat of the demo agent in Customer Care, once its evaluation is done. */
async function evaluatedChat(call: Call, index: number): Promise<string> {
  const { id } = await call<{ id: string }>(
    'POST',
    `/campaigns/${demoCampaigns.customerCare.id}/conversations`,
    {
      type: 'chat',
      agent_id: demoUsers.agent.id,
      started_at: Math.floor(Date.now() / 1000) - 3600 + index,
      duration_s: 240,
      language: 'en',
      metadata: {},
      messages: [
        { speaker: 'agent', text: 'Hello, thank you for contacting Customer Care, my name is Marc.' },
        { speaker: 'customer', text: 'My invoice shows the same charge twice this month.' },
        {
          speaker: 'agent',
          text: 'I am sorry about that. I can see the duplicate and I will refund it today.',
        },
        { speaker: 'customer', text: 'Thank you, that is all.' },
        { speaker: 'agent', text: 'Is there anything else I can help you with? Have a nice day.' },
      ],
    },
  );
  for (let waited = 0; waited < 180_000; waited += 500) {
    const conversation = await call<{ evaluation: { status: string } | null }>('GET', `/conversations/${id}`);
    if (conversation.evaluation?.status === 'done') return id;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The chat ${id} was not evaluated in 3 minutes`);
}

/**
 * Presses Shift+V and answers, in the page's own clock, the time from the key's event to the first frame showing
 * the next conversation ready: at `nextId`, at `position` in the walk, with its evaluation's score.
 */
async function validateAndNext(page: Page, nextId: string, position: number): Promise<number> {
  // Passed as text: tsx names the page's functions with a helper the page does not have.
  const ready = page.evaluate<number>(`new Promise((resolve) => {
    let pressedAt = Number.NaN;
    window.addEventListener('keydown', (event) => (pressedAt = event.timeStamp), { capture: true, once: true });
    const check = () => {
      const place = document.querySelector('[data-testid="review-walk-position"]')?.textContent ?? '';
      const shown =
        location.pathname === ${JSON.stringify(`/conversations/${nextId}`)} &&
        place.startsWith(${JSON.stringify(`${position} `)}) &&
        document.querySelector('[data-testid="main-score"]') !== null;
      if (shown && !Number.isNaN(pressedAt)) resolve(performance.now() - pressedAt);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
  await page.keyboard.press('Shift+V');
  return ready;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'ignore' });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qm-review-walk-'));
const server = await startServer({ dataDir, port: await freePort() });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const api = await apiSession(server.baseUrl);
try {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push(await evaluatedChat(api.call, index));
  // Due long before anything the demo's rules gave: these come first in the queue, in this order.
  const now = Math.floor(Date.now() / 1000);
  for (const [index, id] of ids.entries())
    await api.call('POST', '/reviews/assignments', {
      conversation_ids: [id],
      reviewer_id: demoUsers.supervisor.id,
      due_at: now - 1000 * day + index,
    });
  console.log(
    `Review walk, ${count} conversations from "My queue" (PGlite, demo data); load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(`${server.baseUrl}/reviews`);
  await page.getByLabel('Email').fill(demoUsers.supervisor.email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Start reviewing' }).focus();
  let keystrokes = 1;
  await page.keyboard.press('Enter');

  const transitions: number[] = [];
  for (const [index, id] of ids.entries()) {
    await page.waitForURL(`**/conversations/${id}?walk=queue`);
    await page.getByTestId('main-score').waitFor();
    for (const key of keysPerConversation.slice(0, -1)) {
      await page.keyboard.press(key);
      keystrokes += 1;
    }
    // Once the answer is saved: the time measured is the validation's and the walk's alone.
    await page
      .getByRole('region', { name: 'Evaluation' })
      .getByText('Saving…')
      .waitFor({ state: 'detached' });
    const nextId = ids[index + 1];
    keystrokes += 1;
    if (nextId === undefined) {
      await page.keyboard.press('Shift+V');
      break;
    }
    const requests: string[] = [];
    const onRequest = (finished: Request) => {
      const timing = finished.timing();
      const { pathname } = new URL(finished.url());
      requests.push(
        `${finished.method()} ${pathname.replace(/[0-9a-f-]{36}/g, '…')} ${Math.round(timing.responseEnd)} ms`,
      );
    };
    page.on('requestfinished', onRequest);
    const ms = await validateAndNext(page, nextId, index + 2);
    page.off('requestfinished', onRequest);
    transitions.push(ms);
    console.log(`  ${index + 1} → ${index + 2}: ${ms.toFixed(0)} ms  (${requests.join(', ')})`);
  }
  const sorted = [...transitions].sort((a, b) => a - b);
  console.log(
    `  "Validate and next" to the next conversation ready: p50 ${quantile(sorted, 0.5)?.toFixed(0)} ms, ` +
      `p95 ${quantile(sorted, 0.95)?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms (${sorted.length} runs)`,
  );
  console.log(
    `  keystrokes per reviewed conversation: ${(keystrokes / count).toFixed(1)} ` +
      `(${keysPerConversation.join(', ')}; "Start reviewing" once); 1 (Shift+V) where the AI's answers stand`,
  );
  await context.close();
} finally {
  await api.context.dispose();
  await browser.close();
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
}
