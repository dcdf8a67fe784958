// Measures the real server's start-up on an empty and on an already seeded data directory (PGlite), where that time
// goes (the phases its "ready" line reports), its CPU time to ready and its resident memory at idle. Prints figures;
// asserts nothing. Run: npx tsx bench/startup.ts [runs] [--source] [--checkout DIR]
// It runs the compiled server as `npm start` does (built first when stale); --source runs server/main.ts through
// tsx instead; --checkout runs another checkout's build (built there first), e.g. the commit before a change.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '../tests/fixtures/server-process';
import { isMainModule, type MeasureBudget } from './budget-figure';

interface Sample {
  /** From spawning the process to its "ready" line, as a person running `npm start` waits. */
  readyMs: number;
  /** The server's own count, from the process's start (`startupMs`). */
  reportedStartupMs: number;
  /** User and system CPU time of every thread of the process until ready: steadier than wall time under load. */
  cpuMs: number;
  idleRssMiB: number;
  phases: Record<string, number>;
}

/** How long the server is left idle before its resident memory is read. */
const idleMs = 5000;
const clockTicksPerSecond = 100;

async function cpuTimeMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /, '').split(' ');
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command's name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
}

async function startAndMeasure(
  command: [string, ...string[]],
  dataDir: string,
  port: number,
): Promise<Sample> {
  const startedAt = performance.now();
  const server = spawnServer({ dataDir, port, command });
  const child = server.process;
  const [readyMs, cpuMs] = await new Promise<[number, number]>((resolve, reject) => {
    child.stdout?.on('data', () => {
      if (!server.output().includes('Quality Monitoring is ready')) return;
      const readyAt = performance.now() - startedAt;
      cpuTimeMs(child.pid!).then((cpu) => resolve([readyAt, cpu]), reject);
    });
    void server.exited.then((code) => reject(new Error(`server exited with ${code}:\n${server.output()}`)));
  });
  const readyLine = server
    .output()
    .split('\n')
    .find((line) => line.includes('Quality Monitoring is ready'));
  const ready = JSON.parse(readyLine ?? '{}') as {
    startupMs?: number;
    startupPhases?: Record<string, number>;
  };
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const idleRssMiB = Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? NaN) / 1024;
  child.kill('SIGTERM');
  await server.exited;
  return {
    readyMs,
    reportedStartupMs: ready.startupMs ?? NaN,
    cpuMs,
    idleRssMiB,
    phases: ready.startupPhases ?? {},
  };
}

/** The command `npm start` runs in `checkout`, after building what it builds there when stale. */
function serverCommand(checkout: string, fromSource: boolean): [string, ...string[]] {
  if (fromSource) return [process.execPath, '--import', 'tsx', path.join(checkout, 'server/main.ts')];
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale', 'server', 'database'], {
    cwd: checkout,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return [process.execPath, '--enable-source-maps', path.join(checkout, 'dist-server/main.js')];
}

/** Each run starts on a new data directory (the server seeds it), then again on the same one (a restart). */
async function measure(command: [string, ...string[]], runs: number) {
  const port = await freePort();
  const empty: Sample[] = [];
  const seeded: Sample[] = [];
  for (let run = 0; run < runs; run += 1) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-'));
    empty.push(await startAndMeasure(command, dataDir, port));
    seeded.push(await startAndMeasure(command, dataDir, port));
    await rm(dataDir, { recursive: true, force: true });
  }
  return { empty, seeded };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const medianOf = (samples: Sample[], figure: (sample: Sample) => number | undefined) =>
  median(samples.map(figure).filter((value): value is number => value !== undefined));

export const measureBudget: MeasureBudget = async () => {
  const { empty, seeded } = await measure(serverCommand(process.cwd(), false), 3);
  return [
    {
      name: 'Start-up on a seeded data directory, process to ready (PGlite)',
      value: medianOf(seeded, (sample) => sample.readyMs) / 1000,
      unit: 's',
      goal: 2,
      bound: 'at most',
    },
    {
      name: 'Start-up on an empty data directory, demo data included (PGlite)',
      value: medianOf(empty, (sample) => sample.readyMs) / 1000,
      unit: 's',
      goal: 5,
      bound: 'at most',
    },
  ];
};

const cell = (value: number, width: number) => (Number.isNaN(value) ? '–' : value.toFixed(0)).padStart(width);
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');

async function main() {
  const fromSource = process.argv.includes('--source');
  const checkoutIndex = process.argv.indexOf('--checkout');
  const checkout = path.resolve(checkoutIndex === -1 ? '.' : (process.argv[checkoutIndex + 1] ?? '.'));
  const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 3);
  const command = serverCommand(checkout, fromSource);
  const loadBefore = loadAverage();
  const { empty, seeded } = await measure(command, runs);
  console.log(
    `Median of ${runs} runs of ${command.slice(1).join(' ')} (PGlite, Node ${process.version}, ` +
      `${os.cpus().length} cores, load average ${loadBefore} before, ${loadAverage()} after):`,
  );
  const report = (label: string, samples: Sample[]) =>
    console.log(
      `${label.padEnd(26)} process→ready ${cell(
        medianOf(samples, (s) => s.readyMs),
        5,
      )} ms` +
        `   in-process ${cell(
          medianOf(samples, (s) => s.reportedStartupMs),
          5,
        )} ms` +
        `   CPU ${cell(
          medianOf(samples, (s) => s.cpuMs),
          5,
        )} ms` +
        `   idle RSS ${cell(
          medianOf(samples, (s) => s.idleRssMiB),
          4,
        )} MiB`,
    );
  report('empty database (+ seed)', empty);
  report('seeded database (restart)', seeded);
  const phases = [...new Set([...empty, ...seeded].flatMap((sample) => Object.keys(sample.phases)))];
  if (phases.length === 0) return;
  // Phases named a.b are steps inside a; `database` and `serverModules` run side by side, within `opening`.
  console.log(
    `\nWhere the time goes (ms, median):\n${'phase'.padEnd(26)} ${'empty'.padStart(6)} ${'seeded'.padStart(6)}`,
  );
  for (const phase of phases) {
    console.log(
      `${phase.padEnd(26)} ${cell(
        medianOf(empty, (s) => s.phases[phase]),
        6,
      )} ${cell(
        medianOf(seeded, (s) => s.phases[phase]),
        6,
      )}`,
    );
  }
}

if (isMainModule(import.meta.url)) await main();
