// A 150 MB call uploaded through the real server process (the compiled bundle) into an S3 bucket: the upload
// streams from the request to a temporary file and from there to the bucket in parts, so the server's memory
// stays bounded whatever the file's size; the recording is then played by byte range from the bucket.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { wavTone } from '../../fixtures/audio';
import {
  accessTokenOf,
  freePort,
  startServer,
  stopServer,
  type RunningServer,
} from '../../fixtures/server-process';
import { startS3Server, type S3Server } from '../../fixtures/s3-server';

const megabyte = 1024 * 1024;

/** A figure of /proc/<pid>/status (VmRSS, VmHWM…), in bytes. */
async function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return Number(kilobytes) * 1024;
}

/**
 * Posts a WAV of `bytes` bytes (a short tone, then silence) as a multipart upload, generated as it is sent: the
 * test never holds the file either. Resolves to the answer's status and body.
 */
function streamUpload(url: string, token: string, bytes: number) {
  const boundary = 'qm-large-upload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="campaign_id"\r\n\r\n${demoCampaigns.customerCare.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.wav"\r\n` +
      'Content-Type: audio/wav\r\n\r\n',
  );
  const tone = wavTone(0.1);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const silence = Buffer.alloc(megabyte);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + bytes + tail.length,
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.write(head);
    request.write(tone);
    let sent = tone.length;
    const write = () => {
      while (sent < bytes) {
        const piece = silence.subarray(0, Math.min(silence.length, bytes - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', write);
      }
      request.end(tail);
    };
    write();
  });
}

describe('a 150 MB upload into an S3 bucket through the server process', () => {
  let s3: S3Server;
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-large-upload-'));
    server = await startServer({
      dataDir,
      port: await freePort(),
      environment: { ...s3.environment, QM_ROLE: 'web' },
    });
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores the file whole in the bucket with the server RSS bounded, and plays it by byte range', async () => {
    const bytes = 150 * megabyte;
    const token = await accessTokenOf(server.baseUrl, demoUsers.supervisor.email);
    const pid = server.process.pid!;
    // Resets the peak RSS the kernel keeps for the process, so VmHWM says the peak during the upload.
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    const before = await memoryOf(pid, 'VmRSS');

    const { status, body } = await streamUpload(`${server.baseUrl}/api/calls/audio`, token, bytes);
    expect(status, body).toBe(201);
    const growth = (await memoryOf(pid, 'VmHWM')) - before;
    expect(growth, `RSS peak growth ${Math.round(growth / megabyte)} MB`).toBeLessThan(150 * megabyte);

    const { id } = JSON.parse(body) as { id: string };
    const link = await fetch(`${server.baseUrl}/api/calls/${id}/audio/download-url`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { url } = (await link.json()) as { url: string };
    expect(url.startsWith(s3.environment.S3_ENDPOINT)).toBe(true);
    const end = await fetch(url, { headers: { range: `bytes=${bytes - 1000}-${bytes - 1}` } });
    expect(end.status).toBe(206);
    expect(end.headers.get('content-range')).toBe(`bytes ${bytes - 1000}-${bytes - 1}/${bytes}`);
    expect(Buffer.from(await end.arrayBuffer())).toEqual(Buffer.alloc(1000));
    const start = await fetch(url, { headers: { range: 'bytes=0-43' } });
    expect(Buffer.from(await start.arrayBuffer())).toEqual(wavTone(0.1).subarray(0, 44));
  }, 120_000);
});
