// Prints what a browser transfers for the first signed-in route (the entry chunk, its static imports and CSS, and
// the home page) as the server sends it, and how each file may be cached. Run after a build:
// npx tsx bench/static-transfer.ts
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { webApp, webAppDir } from '../server/plugins/web-app';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const manifest = JSON.parse(await readFile(path.join(webAppDir, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

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
const files = ['index.html', ...staticClosure(homeKey, staticClosure(entryKey))];

const app = Fastify();
await app.register(webApp);

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
for (const acceptEncoding of ['identity', 'gzip', 'br, gzip']) {
  let transferred = 0;
  const cacheControls = new Map<string, number>();
  for (const file of files) {
    const response = await app.inject({ url: `/${file}`, headers: { 'accept-encoding': acceptEncoding } });
    if (response.statusCode !== 200) throw new Error(`/${file} answered ${response.statusCode}`);
    transferred += response.rawPayload.length;
    const cacheControl = String(response.headers['cache-control']);
    cacheControls.set(cacheControl, (cacheControls.get(cacheControl) ?? 0) + 1);
  }
  const caching = [...cacheControls].map(([value, count]) => `${count}× "${value}"`).join(', ');
  console.log(
    `Accept-Encoding ${acceptEncoding.padEnd(9)} ${files.length} files, ${kib(transferred)}; ${caching}`,
  );
}
await app.close();
