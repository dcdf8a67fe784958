// `npm start` runs the server as npm's own child: SIGTERM to npm reaches it, a request already received finishes,
// one arriving while it closes answers 503, and the whole process tree is gone within 10 s. Requests in flight on
// 50 keep-alive connections through a SIGTERM are each answered, with `Connection: close`, and none is reset.
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { demoPassword, demoUsers } from '../../../server/demo/data';
import {
  freePort,
  spawnServer,
  startServer,
  untilReady,
  type RunningServer,
} from '../../fixtures/server-process';
import { until } from '../../fixtures/until';

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The ids of a process's children, from /proc. */
async function childPids(pid: number): Promise<number[]> {
  const { readFile } = await import('node:fs/promises');
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return children.split(/\s+/).filter(Boolean).map(Number);
}

async function untilClosed(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Resolves once the server's output holds `text` `times` times (its own readiness signal, not a delay). */
async function untilLogged(server: RunningServer, text: string, times = 1, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (server.output().split(text).length - 1 < times) {
    if (Date.now() > deadline) throw new Error(`Not logged ${times} times: ${text}\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Reads HTTP/1.1 responses off a raw socket: their status codes, in order. */
function statusCodes(socket: Socket): () => number[] {
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += String(chunk)));
  // Not anchored to a line: a body without a final newline runs into the next status line.
  return () => [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
}

describe('npm start and SIGTERM', () => {
  let dataDir = '';
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('stops the server gracefully when npm is told to stop', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-shutdown-'));
    const port = await freePort();
    // --ignore-scripts skips prestart: the server bundle is built by the global setup, and the web app is not needed here.
    const npm = await untilReady(
      spawnServer({ dataDir, port, command: ['npm', 'start', '--ignore-scripts', '--silent'] }),
    );
    const npmPid = npm.process.pid as number;
    const [serverPid] = await childPids(npmPid);
    expect(serverPid).toBeDefined();

    // A login whose body is still arriving when the signal comes, and a kept-alive connection, idle, that sends
    // another request while the server closes.
    const body = new URLSearchParams({
      email: demoUsers.agent.email,
      password: demoPassword,
      redirect: `${npm.baseUrl}/`,
    }).toString();
    const idle = connect(port, '127.0.0.1');
    const idleResponses = statusCodes(idle);
    await new Promise((resolve) => idle.once('connect', resolve));
    const health = `GET /healthz HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`;
    idle.write(health);
    await until(() => idleResponses().length === 1, 'the first health check is answered', {
      timeoutMs: 10_000,
      intervalMs: 20,
    });
    const socket = connect(port, '127.0.0.1');
    const responses = statusCodes(socket);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /auth/login HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${npm.baseUrl}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n` +
        body.slice(0, 10),
    );
    await untilLogged(npm, '"url":"/auth/login"');

    const signalledAt = Date.now();
    npm.process.kill('SIGTERM');
    await untilLogged(npm, '"signal":"SIGTERM"');
    idle.write(health);
    await until(() => idleResponses().length === 2, 'the health check sent while closing is answered', {
      timeoutMs: 10_000,
      intervalMs: 20,
    });
    socket.write(body.slice(10));

    expect(await untilClosed(port, 10_000)).toBe(true);
    await npm.exited;
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(isRunning(serverPid as number)).toBe(false);
    expect(idleResponses()).toEqual([200, 503]);
    expect(responses()).toEqual([303]);
    expect(npm.output()).toContain('"signal":"SIGTERM"');
    socket.destroy();
    idle.destroy();
  }, 90_000);

  it('answers every request in flight on 50 keep-alive connections through a SIGTERM, and resets none', async () => {
    const ownDataDir = await mkdtemp(path.join(tmpdir(), 'qm-shutdown-keep-alive-'));
    onTestFinished(() => rm(ownDataDir, { recursive: true, force: true }));
    const port = await freePort();
    const server = await startServer({ dataDir: ownDataDir, port, environment: { SEED: 'false' } });
    const origin = server.baseUrl;
    const body = 'reason=shutdown';
    const clients = await Promise.all(
      Array.from(
        { length: 50 },
        () =>
          new Promise<{
            socket: Socket;
            received: () => string;
            reset: () => boolean;
            closed: Promise<void>;
          }>((resolve) => {
            const socket = connect(port, '127.0.0.1');
            let received = '';
            let reset = false;
            socket.on('data', (chunk: Buffer) => (received += String(chunk)));
            socket.on('error', () => (reset = true));
            const closed = new Promise<void>((done) => socket.once('close', () => done()));
            socket.once('connect', () =>
              resolve({ socket, received: () => received, reset: () => reset, closed }),
            );
          }),
      ),
    );
    // Each connection is kept alive (HTTP/1.1's default) and its request received, its body still on its way.
    const received = server.output().split('"url":"/auth/logout"').length - 1;
    for (const { socket } of clients) {
      socket.write(
        `POST /auth/logout HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${origin}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n` +
          body.slice(0, 5),
      );
    }
    await untilLogged(server, '"url":"/auth/logout"', received + clients.length);

    server.process.kill('SIGTERM');
    await untilLogged(server, '"signal":"SIGTERM"');
    for (const { socket } of clients) socket.write(body.slice(5));
    await Promise.all(clients.map(({ closed }) => closed));

    expect(clients.filter(({ reset }) => reset())).toHaveLength(0);
    for (const { received } of clients) {
      expect(received()).toMatch(/^HTTP\/1\.1 204 /);
      expect(received()).toMatch(/^connection: close\r$/im);
    }
    expect(await server.exited).toBe(0);
  }, 90_000);
});
