// Where a sign-in's time goes, as a person waits for it: from pressing "Sign in" on the login page to the home's
// shell and first card, in Debian's Chromium against the real server as `npm start` runs it (fresh data directory,
// demo data). Each run is a new browser context: the first with an empty cache, as on a first visit, the others
// with the scripts already cached, as on a later day. Prints, per run, the total and each request on the way
// (the login form's POST with its password check, the app's document, its scripts, the boot's API calls) with its
// start and end from the click. Asserts nothing. Run: npx tsx bench/sign-in.ts [runs]
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Request } from '@playwright/test';
import { demoPassword, demoUsers } from '../server/demo/data';
import { freePort, startServer, stopServer } from '../tests/fixtures/server-process';

const runs = Number(process.argv[2] ?? 5);

interface Step {
  what: string;
  startMs: number;
  endMs: number;
}

const shortUrl = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.length > 60 ? `${pathname.slice(0, 57)}…` : pathname;
};

async function signInOnce(context: BrowserContext, baseUrl: string) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/auth\/login/);
  await page.getByLabel('Email').fill(demoUsers.supervisor.email);
  await page.getByLabel('Password').fill(demoPassword);
  const requests: Request[] = [];
  page.on('requestfinished', (request) => requests.push(request));
  const clickedAt = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  const shellMs = Date.now() - clickedAt;
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const idleMs = Date.now() - clickedAt;
  const steps: Step[] = requests.map((request) => {
    const timing = request.timing();
    const startMs = timing.startTime - clickedAt;
    return {
      what: `${request.method()} ${shortUrl(request.url())}`,
      startMs,
      endMs: startMs + timing.responseEnd,
    };
  });
  await page.close();
  return { shellMs, idleMs, steps: steps.sort((a, b) => a.startMs - b.startMs) };
}

execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'ignore' });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qm-sign-in-'));
const server = await startServer({ dataDir, port: await freePort() });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  console.log(
    `Sign-in, ${runs} runs; load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  // One context kept across runs for the cached ones; each run signs out by clearing its cookies and storage.
  const cached = await browser.newContext();
  for (let run = 0; run < runs; run += 1) {
    const cold = run === 0;
    const context = cold ? await browser.newContext() : cached;
    if (!cold) await context.clearCookies();
    const { shellMs, idleMs, steps } = await signInOnce(context, server.baseUrl);
    console.log(
      `\nrun ${run + 1} (${cold ? 'empty cache' : 'scripts cached'}): shell ${shellMs} ms, home idle ${idleMs} ms`,
    );
    for (const step of steps)
      console.log(
        `  ${String(Math.round(step.startMs)).padStart(5)} → ${String(Math.round(step.endMs)).padStart(5)} ms  ${step.what}`,
      );
    if (cold) await context.close();
  }
} finally {
  await browser.close();
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
}
