// Prints what a browser transfers for the first signed-in route (the entry chunk, its static imports and CSS, and
// the home page) as the server sends it, and how each file may be cached. Run after a build:
// npx tsx bench/static-transfer.ts
import Fastify from 'fastify';
import { webApp, webAppDir } from '../server/plugins/web-app';
import { readManifest, staticClosure } from './vite-manifest';

const manifest = await readManifest(webAppDir);

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
const homeKey = Object.keys(manifest).find((key) => key.endsWith('pages/home/HomePage.tsx'));
if (!entryKey || !homeKey) throw new Error('Build first: npm run build');
const files = ['index.html', ...staticClosure(manifest, homeKey, staticClosure(manifest, entryKey))];

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
