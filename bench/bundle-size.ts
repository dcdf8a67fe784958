// Prints the production bundle sizes (gzip): what the first signed-in route downloads (the entry chunk, its
// static imports and CSS, plus the lazily loaded home page and its static imports, plus the translations of one
// language, English), each package's share of that
// JavaScript, and all the JavaScript built. Run after `npx vite build`: npx tsx bench/bundle-size.ts
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { readManifest, staticClosure } from './vite-manifest';

const dist = path.resolve('dist');
const manifest = await readManifest(dist);

const gzipSize = async (file: string) => gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;

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

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
const homeKey = Object.keys(manifest).find((key) => key.endsWith('pages/home/HomePage.tsx'));
if (!entryKey || !homeKey) throw new Error('Build first: npx vite build');
// Translations are bundled in the entry, or loaded for the language in use.
const englishKey = Object.keys(manifest).find((key) => key.endsWith('i18n/en.json'));

const firstRoute = [
  ...staticClosure(
    manifest,
    homeKey,
    staticClosure(manifest, entryKey, englishKey ? staticClosure(manifest, englishKey) : new Set()),
  ),
];
const firstRouteJs = firstRoute.filter((file) => file.endsWith('.js'));
const gzipOf = async (files: string[]) =>
  (await Promise.all(files.map(gzipSize))).reduce((sum, size) => sum + size, 0);

const packages = new Map<string, number>();
for (const file of firstRouteJs) await bytesPerPackage(file, packages);
const mappedBytes = [...packages.values()].reduce((sum, bytes) => sum + bytes, 0);

const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
  file.endsWith('.js'),
);
const firstRouteJsGzip = await gzipOf(firstRouteJs);
const allJsGzip = await gzipOf(allJs);

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(
  `first signed-in route JavaScript (${firstRouteJs.length} chunks): ${kib(firstRouteJsGzip)} gzip, ` +
    `${Math.round((100 * firstRouteJsGzip) / allJsGzip)} % of all JavaScript`,
);
console.log(
  `first signed-in route CSS: ${kib(await gzipOf(firstRoute.filter((f) => f.endsWith('.css'))))} gzip`,
);
console.log(`all JavaScript (${allJs.length} chunks): ${kib(allJsGzip)} gzip`);
console.log('share of the first route JavaScript, by minified bytes:');
for (const [name, bytes] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`  ${name.padEnd(32)} ${((100 * bytes) / mappedBytes).toFixed(1).padStart(5)} %`);
}
