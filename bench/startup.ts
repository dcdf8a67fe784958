// Measures the real server's start-up time on an empty and on an already seeded data directory, and its
// resident memory at idle. Prints figures; asserts nothing. Run: npx tsx bench/startup.ts [runs] [--source]
// It runs the compiled server as `npm start` does (built first when stale); --source runs server/main.ts through
// tsx instead, as `npm start` did before the server was compiled.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '../tests/fixtures/server-process';

const fromSource = process.argv.includes('--source');
const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 3);
const serverArgs = fromSource ? ['--import', 'tsx', 'server/main.ts'] : ['dist-server/main.js'];
// What `npm start` builds for the server: the bundle and the empty data directory a new DATA_DIR is copied from.
if (!fromSource) {
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale', 'server', 'database'], {
    stdio: 'inherit',
  });
}
const port = await freePort();

interface Sample {
  readyMs: number;
  reportedStartupMs: number;
  idleRssMiB: number;
}

async function startAndMeasure(dataDir: string): Promise<Sample> {
  const startedAt = performance.now();
  const server = spawnServer({ dataDir, port, command: [process.execPath, ...serverArgs] });
  const child = server.process;
  const readyMs = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', () => {
      if (server.output().includes('Quality Monitoring is ready')) resolve(performance.now() - startedAt);
    });
    void server.exited.then((code) => reject(new Error(`server exited with ${code}:\n${server.output()}`)));
  });
  const output = server.output();
  const reportedStartupMs = Number(output.match(/"startupMs":(\d+)/)?.[1] ?? NaN);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const idleRssMiB = Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? NaN) / 1024;
  child.kill('SIGTERM');
  await server.exited;
  return { readyMs, reportedStartupMs, idleRssMiB };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const empty: Sample[] = [];
const seeded: Sample[] = [];
for (let run = 0; run < runs; run += 1) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-'));
  empty.push(await startAndMeasure(dataDir));
  seeded.push(await startAndMeasure(dataDir));
  await rm(dataDir, { recursive: true, force: true });
}

const report = (label: string, samples: Sample[]) =>
  console.log(
    `${label.padEnd(28)} process→ready ${median(samples.map((s) => s.readyMs))
      .toFixed(0)
      .padStart(5)} ms` +
      `   in-process ${median(samples.map((s) => s.reportedStartupMs))
        .toFixed(0)
        .padStart(5)} ms` +
      `   idle RSS ${median(samples.map((s) => s.idleRssMiB))
        .toFixed(0)
        .padStart(4)} MiB`,
  );
console.log(
  `Median of ${runs} runs (${fromSource ? 'server/main.ts through tsx' : 'dist-server/main.js'}, PGlite, Node ${process.version}):`,
);
report('empty database (+ seed)', empty);
report('seeded database (restart)', seeded);
