// Multipart uploads, bounded and streamed: one file per request, written to a temporary file as it arrives and
// refused with 413 the moment it passes the route's limit; a few small text fields at most. Every upload route
// (logos now, audio next) receives its file through `request.receiveFile`, never by buffering the body.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, Invalid, PayloadTooLarge, UnsupportedMediaType } from '../errors';
import { assertStorableInput } from './reject-unstorable-text';

/** What a multipart body may hold besides its one file: a few short text fields, nothing else. */
export const uploadFormLimits = {
  fields: 10,
  fieldBytes: 16 * 1024,
  fieldNameBytes: 100,
  headerPairs: 20,
} as const;

export interface UploadRequest {
  /** The multipart field the file must come in. */
  field: string;
  /** The largest file accepted, in bytes; one byte more answers 413. */
  maxBytes: number;
  /**
   * Called with the fields sent before the file, as its first bytes arrive: a route whose target is named by a
   * field (not the path) refuses there, before the file is read, when the fields allow it.
   */
  beforeFile?: (fields: Record<string, string>) => Promise<void>;
}

export interface ReceivedFile {
  /** The temporary file holding the upload; it is removed once the handler given to `receiveFile` settles. */
  path: string;
  size: number;
  filename: string;
  /** The text fields sent with the file. */
  fields: Record<string, string>;
  /** The whole file in memory: only for files whose limit is small enough to hold (a logo, not audio). */
  read(): Promise<Buffer>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Streams the request's file to a temporary file within the limits, hands it to `use`, then removes it. */
    receiveFile<T>(upload: UploadRequest, use: (file: ReceivedFile) => Promise<T>): Promise<T>;
  }
}

/** The limit errors @fastify/multipart raises, each with the status it carries (413). */
const limitDetails: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: 'The file is too large',
  FST_FILES_LIMIT: 'Send one file per request',
  FST_PARTS_LIMIT: 'The form has too many fields',
  FST_FIELDS_LIMIT: 'The form has too many fields',
};

/**
 * A parser error is the client's malformed body (no boundary, truncated, bad part headers): 400. An error of
 * the disk (a `syscall`) stays a server error.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof HttpError || !(error instanceof Error) || 'syscall' in error) return error;
  const code = (error as { code?: string }).code;
  if (code && limitDetails[code]) return new PayloadTooLarge(limitDetails[code]);
  return new Invalid('The multipart body is malformed');
}

/** Writes `source` to `target`, failing with 413 as soon as more than `maxBytes` have come. */
async function writeBounded(source: Readable, target: string, maxBytes: number): Promise<number> {
  let size = 0;
  await pipeline(
    source,
    async function* countBytes(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        size += chunk.length;
        if (size > maxBytes) throw new PayloadTooLarge(`The file must be at most ${maxBytes} bytes`);
        yield chunk;
      }
    },
    createWriteStream(target, { flags: 'wx', mode: 0o600 }),
  );
  return size;
}

async function receiveParts(
  request: FastifyRequest,
  { field, maxBytes, beforeFile }: UploadRequest,
  target: string,
): Promise<Omit<ReceivedFile, 'path' | 'read'>> {
  const fields: Record<string, string> = {};
  let file: { size: number; filename: string } | null = null;
  // The parser's own file limit is one byte past ours, so it can never end a file short of our count.
  for await (const part of request.parts({ limits: { fileSize: maxBytes + 1 } })) {
    if (part.type === 'field') {
      if (part.valueTruncated || part.fieldnameTruncated)
        throw new PayloadTooLarge('A form field is too large');
      assertStorableInput([part.fieldname, part.value]);
      fields[part.fieldname] = String(part.value);
    } else if (part.fieldname !== field || file) {
      part.file.resume();
      throw new Invalid(`Send the file as the multipart file field "${field}"`);
    } else {
      await beforeFile?.(fields).catch((error: unknown) => {
        part.file.resume();
        throw error;
      });
      file = { size: await writeBounded(part.file, target, maxBytes), filename: part.filename };
    }
  }
  if (!file) throw new Invalid(`Send the file as the multipart file field "${field}"`);
  return { ...file, fields };
}

export const uploads = fp(async (app: FastifyInstance) => {
  const incomingDir = path.join(app.context.config.dataDir, 'incoming');
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      files: 1,
      fields: uploadFormLimits.fields,
      parts: uploadFormLimits.fields + 1,
      fieldSize: uploadFormLimits.fieldBytes,
      fieldNameSize: uploadFormLimits.fieldNameBytes,
      headerPairs: uploadFormLimits.headerPairs,
    },
  });

  // An upload refused before its end leaves the rest of the body unread: closing the connection after the
  // answer stops the client sending it, and frees the socket instead of leaving it stalled.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.isMultipart() && !request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });

  app.decorateRequest('receiveFile', async function receiveFile<
    T,
  >(this: FastifyRequest, upload: UploadRequest, use: (file: ReceivedFile) => Promise<T>): Promise<T> {
    if (!this.isMultipart()) throw new UnsupportedMediaType('Send the file as multipart/form-data');
    await mkdir(incomingDir, { recursive: true, mode: 0o700 });
    const target = path.join(incomingDir, randomUUID());
    try {
      const received = await receiveParts(this, upload, target).catch((error: unknown) => {
        throw asClientError(error);
      });
      return await use({ ...received, path: target, read: () => readFile(target) });
    } finally {
      await rm(target, { force: true });
    }
  });
});
