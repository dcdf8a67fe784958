// Lighthouse (mobile, its default throttling) on the first signed-in routes, against the real server as `npm start`
// runs it, in Debian's Chromium: the home, a demo campaign's conversation list and its first conversation's review
// screen (at 390 × 844, the width issue 21 asks for; the others at Lighthouse's own mobile screen), signed in as the
// demo supervisor, once the demo's background jobs are done (their live progress messages would otherwise re-render the
// pages during the runs). Prints the performance score, LCP, total blocking time, the scripts requested before the
// page was idle (count and bytes transferred) and the host's benchmark index as Lighthouse measured it during the run
// (decision 0231: a low index says other work shared the CPU). Asserts nothing. Run: npx tsx bench/lighthouse.ts [runs]
// CHROMIUM_PATH names another Chromium; LIGHTHOUSE_REPORTS names a folder for each run's whole report (JSON: its
// long tasks, main-thread breakdown and LCP element say where the time went); the build is made first when stale (scripts/build.mjs --if-stale).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { demoCampaigns, demoPassword, demoUsers } from '../server/demo/data';
import { freePort, startServer, stopServer } from '../tests/fixtures/server-process';
import { isMainModule, type BudgetFigure, type MeasureBudget } from './budget-figure';

const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const listPath = `/campaigns/${demoCampaigns.customerCare.id}/conversations`;

export const pages = {
  home: '/',
  'conversation list': listPath,
  /** The list's first conversation, found when the runs start. */
  'review screen': null,
} as const;

type PageName = keyof typeof pages;

/** The review screen's phone, as issue 21 measures it. */
const reviewScreenEmulation = {
  mobile: true,
  width: 390,
  height: 844,
  deviceScaleFactor: 3,
  disabled: false,
};

export interface PageFigures {
  page: PageName;
  /** Lighthouse's benchmark index of the host during the run: low when other work shares the CPU. */
  benchmarkIndex: number;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  scripts: number;
  scriptKiB: number;
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

/** How long the demo's jobs (transcribing, analysing and evaluating the seeded conversations) may take. */
const settleTimeoutMs = 10 * 60_000;

/** Resolves once the job queue `/api/health` reports is empty: no job queued or running. */
async function untilJobsDone(baseUrl: string): Promise<void> {
  const deadline = Date.now() + settleTimeoutMs;
  for (;;) {
    const { jobs } = (await (await fetch(`${baseUrl}/api/health`)).json()) as {
      jobs: Record<string, { queued: number; running: number }> | null;
    };
    const left = jobs && Object.values(jobs).reduce((sum, { queued, running }) => sum + queued + running, 0);
    if (left === 0) return;
    if (Date.now() > deadline) throw new Error(`The demo's jobs did not finish: ${JSON.stringify(jobs)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.waitForSelector('input[name=email]');
  await page.type('input[name=email]', demoUsers.supervisor.email);
  await page.type('input[name=password]', demoPassword);
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  await page.waitForSelector('nav[aria-label="Main menu"]');
}

/** The page of the list's first conversation, as its row links to it. */
async function firstConversationPath(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}${listPath}`);
  const link = await page.waitForSelector('tbody tr a[href^="/conversations/"]');
  const href = await link?.evaluate((anchor) => anchor.getAttribute('href'));
  if (!href) throw new Error('The conversation list shows no conversation');
  return href;
}

/** One Lighthouse run on `url`, in the signed-in tab (Lighthouse keeps cookies, so the session holds). */
async function measure(page: Page, url: string, name: PageName, run: number): Promise<PageFigures> {
  const result = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(name === 'review screen' ? { screenEmulation: reviewScreenEmulation } : {}),
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname.startsWith('/auth/')) throw new Error(`${url}: not signed in`);
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    await mkdir(reports, { recursive: true });
    await writeFile(path.join(reports, `${name.replace(' ', '-')}-${run + 1}.json`), JSON.stringify(lhr));
  }
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)
    ?.items ?? []) as NetworkRequest[];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  return {
    page: name,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    performance: Math.round(100 * (lhr.categories.performance?.score ?? 0)),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    scripts: scripts.length,
    scriptKiB: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024,
  };
}

/**
 * Builds when stale, starts the server on a fresh data directory, waits for the demo's jobs to finish, and runs
 * Lighthouse `runs` times per page.
 */
export async function runLighthouse(runs = 1): Promise<PageFigures[]> {
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'ignore' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qm-lighthouse-'));
  const server = await startServer({ dataDir, port: await freePort() });
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumFlags,
  });
  try {
    await untilJobsDone(server.baseUrl);
    const page = await browser.newPage();
    await signIn(page, server.baseUrl);
    const paths = { ...pages, 'review screen': await firstConversationPath(page, server.baseUrl) };
    const figures: PageFigures[] = [];
    for (let run = 0; run < runs; run += 1) {
      for (const [name, pagePath] of Object.entries(paths) as [PageName, string][]) {
        const url = `${server.baseUrl}${pagePath}`;
        // Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART): one more try.
        figures.push(await measure(page, url, name, run).catch(() => measure(page, url, name, run)));
      }
    }
    return figures;
  } finally {
    await browser.close();
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The median of each figure per page over the runs. */
function medians(figures: PageFigures[]): PageFigures[] {
  return (Object.keys(pages) as PageName[]).map((name) => {
    const runs = figures.filter((figure) => figure.page === name);
    const of = (key: Exclude<keyof PageFigures, 'page'>) => median(runs.map((figure) => figure[key]));
    return {
      page: name,
      benchmarkIndex: of('benchmarkIndex'),
      performance: of('performance'),
      lcpMs: of('lcpMs'),
      tbtMs: of('tbtMs'),
      scripts: of('scripts'),
      scriptKiB: of('scriptKiB'),
    };
  });
}

export const measureBudget: MeasureBudget = async () => {
  const figures = medians(await runLighthouse(3));
  return figures.flatMap((figure): BudgetFigure[] => [
    {
      name: `Lighthouse mobile performance, ${figure.page}`,
      value: figure.performance,
      unit: 'score',
      goal: 90,
      bound: 'at least',
    },
    {
      name: `LCP, ${figure.page} (Lighthouse mobile)`,
      value: figure.lcpMs / 1000,
      unit: 's',
      goal: 2.5,
      bound: 'at most',
    },
    {
      name: `Total blocking time, ${figure.page} (Lighthouse mobile)`,
      value: figure.tbtMs,
      unit: 'ms',
      goal: 200,
      bound: 'at most',
    },
    ...(figure.page === 'home'
      ? [
          {
            name: 'Script requests before the home is idle (Lighthouse)',
            value: figure.scripts,
            unit: 'requests',
            goal: 25,
            bound: 'at most' as const,
          },
        ]
      : []),
  ]);
};

async function main() {
  const runs = Number(process.argv[2] ?? 3);
  const figures = await runLighthouse(runs);
  const kib = (value: number) => `${value.toFixed(1)} KiB`;
  for (const figure of [
    ...figures,
    ...(runs > 1 ? medians(figures).map((m) => ({ ...m, median: true })) : []),
  ]) {
    console.log(
      `${'median' in figure ? 'median ' : ''}${figure.page.padEnd(18)} performance ${String(figure.performance).padStart(3)}, ` +
        `LCP ${(figure.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(figure.tbtMs)} ms, ` +
        `${figure.scripts} scripts before idle (${kib(figure.scriptKiB)} transferred); ` +
        `host benchmark index ${Math.round(figure.benchmarkIndex)}`,
    );
  }
  console.log(
    `Chromium ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

if (isMainModule(import.meta.url)) await main();
