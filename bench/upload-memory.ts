// Measures the server's resident memory while it refuses hostile uploads: many 1 MB text fields before the file,
// and 50 MB logos. Runs the app in this process (PGlite) over a real socket and prints the RSS growth.
// Prints figures; asserts nothing. Run: npx tsx bench/upload-memory.ts [rounds]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { demoPassword, demoUsers, seedDemoData } from '../server/demo/data';

const rounds = Number(process.argv[2] ?? 5);
const publicUrl = 'http://localhost:3000';
const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-'));
const database = await openDatabase({});
await database.migrate();
await seedDemoData(database.db);
const app = await buildApp({ config: loadConfig({ PUBLIC_URL: publicUrl, DATA_DIR: dataDir }), database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const login = await app.inject({
  method: 'POST',
  url: '/auth/login',
  payload: new URLSearchParams({ email: demoUsers.supervisor.email, password: demoPassword }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl },
});
const refreshed = await app.inject({
  method: 'POST',
  url: '/auth/token/refresh',
  cookies: { qm_refresh: login.cookies.find((cookie) => cookie.name === 'qm_refresh')?.value ?? '' },
  headers: { origin: publicUrl },
});
const authorization = `Bearer ${(refreshed.json() as { access_token: string }).access_token}`;
const created = await app.inject({
  method: 'POST',
  url: '/api/campaigns',
  headers: { authorization },
  payload: { name: 'Upload bench' },
});
const logoUrl = `${address}/api/campaigns/${(created.json() as { id: string }).id}/logo`;

const boundary = 'qm-bench';
const part = (headers: string, body: Buffer | string) =>
  Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
const oneMiB = 'x'.repeat(1024 * 1024);
const manyFields = Uint8Array.from(
  Buffer.concat([
    ...Array.from({ length: 200 }, (_, index) =>
      part(`Content-Disposition: form-data; name="f${index}"`, oneMiB),
    ),
    part('Content-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png', 'x'),
    Buffer.from(`--${boundary}--\r\n`),
  ]),
);
const hugeLogo = Uint8Array.from(
  Buffer.concat([
    part(
      'Content-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png',
      Buffer.alloc(50 * 1024 * 1024),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]),
);

async function send(body: Uint8Array<ArrayBuffer>): Promise<number> {
  const response = await fetch(logoUrl, {
    method: 'POST',
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  }).catch(() => null);
  return response?.status ?? 0;
}

global.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const statuses = new Map<string, number[]>();
for (let round = 0; round < rounds; round += 1) {
  for (const [name, body] of [
    ['200 × 1 MB fields', manyFields],
    ['50 MB logo', hugeLogo],
  ] as const) {
    const status = await send(body);
    statuses.set(name, [...(statuses.get(name) ?? []), status]);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
}
console.log(`rounds: ${rounds} (the request bodies themselves, ~250 MiB, are held by this process too)`);
for (const [name, codes] of statuses) console.log(`${name}: statuses ${[...new Set(codes)].join(', ')}`);
console.log(`RSS before: ${mib(before)} MiB, peak: ${mib(peak)} MiB, growth: ${mib(peak - before)} MiB`);
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
