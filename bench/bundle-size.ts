// Prints the production bundle sizes (raw and gzip): what the first route downloads (the entry chunk, its static
// imports and CSS, plus the lazily loaded home page) and the largest chunk. Run after `npm run build`:
// npx tsx bench/bundle-size.ts
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  name?: string;
}

const dist = path.resolve('dist');
const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const sizes = async (file: string) => {
  const content = await readFile(path.join(dist, file));
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
};

/** The files a chunk needs before it runs: itself, its static imports (recursively) and their CSS. */
function staticClosure(key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
const homeKey = Object.keys(manifest).find((key) => key.endsWith('pages/home/HomePage.tsx'));
if (!entryKey || !homeKey) throw new Error('Build first: npm run build');

const firstRoute = staticClosure(homeKey, staticClosure(entryKey));
let raw = 0;
let gzip = 0;
for (const file of firstRoute) {
  const size = await sizes(file);
  raw += size.raw;
  gzip += size.gzip;
}

const chunks = await Promise.all(
  [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
    .filter((file) => file.endsWith('.js'))
    .map(async (file) => ({ file, ...(await sizes(file)) })),
);
const largest = chunks.sort((a, b) => b.gzip - a.gzip)[0];

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`first route (entry + home page, ${firstRoute.size} files): ${kib(raw)} raw, ${kib(gzip)} gzip`);
console.log(`largest chunk ${largest?.file}: ${kib(largest?.raw ?? 0)} raw, ${kib(largest?.gzip ?? 0)} gzip`);
console.log(
  `all JavaScript (${chunks.length} chunks): ${kib(chunks.reduce((sum, c) => sum + c.gzip, 0))} gzip`,
);
