// The real server process keeps its data across a restart on the same DATA_DIR, and seeds only once.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoPassword, demoUsers } from '../../server/db/demo-data';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

interface RunningServer {
  process: ChildProcess;
  logs: string[];
  baseUrl: string;
}

async function startServer(dataDir: string, port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${logs.join('')}`)), 60_000);
    const collect = (chunk: Buffer) => {
      logs.push(String(chunk));
      if (logs.join('').includes('Quality Monitoring is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => reject(new Error(`Server exited with ${code}:\n${logs.join('')}`)));
  });
  return { process: child, logs, baseUrl: `http://localhost:${port}` };
}

const stopServer = (server: RunningServer) =>
  new Promise<number | null>((resolve) => {
    server.process.once('exit', (code) => resolve(code));
    server.process.kill('SIGTERM');
  });

async function accessToken(baseUrl: string, email: string): Promise<string> {
  const login = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({ email, password: demoPassword, redirect: `${baseUrl}/` }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const refresh = await fetch(`${baseUrl}/auth/token/refresh`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl },
  });
  return ((await refresh.json()) as { access_token: string }).access_token;
}

describe('restarting the server on the same data directory', () => {
  let dataDir = '';
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps what was written, seeds only the first time, and stops cleanly on SIGTERM', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-restart-'));
    const port = await freePort();

    const first = await startServer(dataDir, port);
    expect(first.logs.join('')).toContain('"seeded":true');
    const token = await accessToken(first.baseUrl, demoUsers.agent.email);
    const renamed = await fetch(`${first.baseUrl}/api/users/${demoUsers.agent.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed Before Restart' }),
    });
    expect(renamed.status).toBe(200);
    expect(await stopServer(first)).toBe(0);

    const second = await startServer(dataDir, port);
    try {
      expect(second.logs.join('')).toContain('"seeded":false');
      const me = await fetch(`${second.baseUrl}/api/users/me`, {
        headers: { authorization: `Bearer ${await accessToken(second.baseUrl, demoUsers.agent.email)}` },
      });
      expect(await me.json()).toMatchObject({ name: 'Renamed Before Restart' });
      // The signing key survived too: a token from before the restart is still valid.
      const before = await fetch(`${second.baseUrl}/api/users/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(before.status).toBe(200);
    } finally {
      expect(await stopServer(second)).toBe(0);
    }
  }, 120_000);
});
