// Prints the production bundle sizes (gzip): what the first signed-in route downloads (the entry chunk, its
// static imports and CSS, plus the lazily loaded home page and its static imports, plus the first route's part of
// the translations of one language, English: decision 0200) and in how many script requests, each package's share of that JavaScript, and all the
// JavaScript built; then what the home's dashboards and the conversation list download beyond it, with zod's share
// (none: decision 0203). Run after `npx vite build`: npx tsx bench/bundle-size.ts (its budget figures build first).
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { isMainModule, type MeasureBudget } from './budget-figure';
import { readManifest, staticClosure, type Manifest } from './vite-manifest';

const dist = path.resolve('dist');

const gzipSize = async (file: string) => gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
const gzipOf = async (files: string[]) =>
  (await Promise.all(files.map(gzipSize))).reduce((sum, size) => sum + size, 0);

/** The npm package a source file belongs to, or "app" for the project's own code. */
function packageOf(source: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return match?.[1] ?? 'app';
}

/** Minified bytes per package in one chunk, from its source map: each mapped segment counts for its source. */
async function bytesPerPackage(file: string, totals: Map<string, number>): Promise<void> {
  const code = (await readFile(path.join(dist, file), 'utf8')).split('\n');
  const map = JSON.parse(await readFile(path.join(dist, `${file}.map`), 'utf8')) as RawSourceMap;
  const segments: { line: number; column: number; source: string | null }[] = [];
  new SourceMapConsumer(map).eachMapping((mapping) =>
    segments.push({ line: mapping.generatedLine, column: mapping.generatedColumn, source: mapping.source }),
  );
  segments.forEach((segment, index) => {
    const next = segments[index + 1];
    const end =
      next && next.line === segment.line ? next.column : (code[segment.line - 1]?.length ?? segment.column);
    const name = segment.source ? packageOf(segment.source) : 'app';
    totals.set(name, (totals.get(name) ?? 0) + end - segment.column);
  });
}

/** The files of the first signed-in route: the entry's, the home page's (its own chunk, or the manual chunk that
 * holds it: scripts/first-route-chunks.ts) and the English translations' first part (scripts/translation-parts.ts). */
function firstRouteFiles(manifest: Manifest): string[] {
  const keys = Object.keys(manifest);
  const entryKey = keys.find((key) => manifest[key]?.isEntry);
  const homeKey = keys.find(
    (key) =>
      key.endsWith('pages/home/HomePage.tsx') || (key.startsWith('_home-') && manifest[key]?.isDynamicEntry),
  );
  if (!entryKey || !homeKey) throw new Error('Build first: npx vite build');
  const englishKey = keys.find((key) => key.endsWith('i18n/en.json?first-route'));
  if (!englishKey) throw new Error('The build has no first-route part of en.json');
  return [
    ...staticClosure(
      manifest,
      homeKey,
      staticClosure(manifest, entryKey, staticClosure(manifest, englishKey)),
    ),
  ];
}

/** The manifest key of the chunk that holds the module `source` (a path from the project's root). */
async function chunkHolding(manifest: Manifest, source: string): Promise<string> {
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    const map = JSON.parse(await readFile(path.join(dist, `${chunk.file}.map`), 'utf8')) as RawSourceMap;
    if (map.sources.some((file) => file.endsWith(source))) return key;
  }
  throw new Error(`No chunk holds ${source}: build first (npx vite build)`);
}

/** The pages the Lighthouse bench opens, beyond the first route: the code each downloads before it runs. */
const pageSources = {
  "the home's supervisor dashboard": 'src/views/pages/dashboards/SupervisorDashboard.tsx',
  'the conversation list': 'src/views/pages/conversations/ConversationsPage.tsx',
} as const;

export interface PageCode {
  page: keyof typeof pageSources;
  /** Its chunk and their static imports, recursively, less the first route's files. */
  jsGzip: number;
  scripts: number;
  /** Minified bytes of zod in them: none, where no value of a schema module is imported (decision 0203). */
  zodBytes: number;
}

async function measurePages(manifest: Manifest, firstRoute: Set<string>): Promise<PageCode[]> {
  const measured: PageCode[] = [];
  for (const [page, source] of Object.entries(pageSources) as [keyof typeof pageSources, string][]) {
    const files = [...staticClosure(manifest, await chunkHolding(manifest, source))].filter(
      (file) => file.endsWith('.js') && !firstRoute.has(file),
    );
    const packages = new Map<string, number>();
    for (const file of files) await bytesPerPackage(file, packages);
    measured.push({
      page,
      jsGzip: await gzipOf(files),
      scripts: files.length,
      zodBytes: packages.get('zod') ?? 0,
    });
  }
  return measured;
}

export interface BundleSizes {
  firstRouteJsGzip: number;
  /** The script requests of the first route: one per JavaScript file. */
  firstRouteScripts: number;
  firstRouteCssGzip: number;
  allJsGzip: number;
  allJsFiles: number;
  /** Minified bytes of the first route's JavaScript per package. */
  packages: Map<string, number>;
  pages: PageCode[];
}

export async function measureBundle(): Promise<BundleSizes> {
  const manifest = await readManifest(dist);
  const firstRoute = firstRouteFiles(manifest);
  const firstRouteJs = firstRoute.filter((file) => file.endsWith('.js'));
  const packages = new Map<string, number>();
  for (const file of firstRouteJs) await bytesPerPackage(file, packages);
  const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
    file.endsWith('.js'),
  );
  return {
    firstRouteJsGzip: await gzipOf(firstRouteJs),
    firstRouteScripts: firstRouteJs.length,
    firstRouteCssGzip: await gzipOf(firstRoute.filter((file) => file.endsWith('.css'))),
    allJsGzip: await gzipOf(allJs),
    allJsFiles: allJs.length,
    packages,
    pages: await measurePages(manifest, new Set(firstRoute)),
  };
}

export const measureBudget: MeasureBudget = async () => {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  const sizes = await measureBundle();
  return [
    {
      name: 'First signed-in route JavaScript, gzip',
      value: sizes.firstRouteJsGzip / 1024,
      unit: 'KiB',
      goal: 150,
      bound: 'at most',
    },
    {
      name: 'First signed-in route script requests (static)',
      value: sizes.firstRouteScripts,
      unit: 'requests',
      goal: 25,
      bound: 'at most',
    },
  ];
};

async function main() {
  const sizes = await measureBundle();
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `first signed-in route JavaScript (${sizes.firstRouteScripts} script requests): ` +
      `${kib(sizes.firstRouteJsGzip)} gzip, ${Math.round((100 * sizes.firstRouteJsGzip) / sizes.allJsGzip)} % of all JavaScript`,
  );
  console.log(`first signed-in route CSS: ${kib(sizes.firstRouteCssGzip)} gzip`);
  console.log(`all JavaScript (${sizes.allJsFiles} chunks): ${kib(sizes.allJsGzip)} gzip`);
  for (const { page, jsGzip, scripts, zodBytes } of sizes.pages) {
    console.log(
      `${page}, beyond the first route (${scripts} script requests): ${kib(jsGzip)} gzip, ` +
        `zod ${kib(zodBytes)} minified`,
    );
  }
  console.log('share of the first route JavaScript, by minified bytes:');
  const mappedBytes = [...sizes.packages.values()].reduce((sum, bytes) => sum + bytes, 0);
  for (const [name, bytes] of [...sizes.packages].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`  ${name.padEnd(32)} ${((100 * bytes) / mappedBytes).toFixed(1).padStart(5)} %`);
  }
}

if (isMainModule(import.meta.url)) await main();
