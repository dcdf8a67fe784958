// Stored files (campaign logos, call audio): one interface, kept on the local disk by default.
import { constants, createReadStream } from 'node:fs';
import { access, copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { newId } from '../db/ids';

/** The media types stored files may have, with the extension their keys end with. */
const extensions = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/webm': 'webm',
} as const;
export type StoredMediaType = keyof typeof extensions;

/** A key is `<kind>-<uuid>.<extension>`: flat, so it can never climb out of the storage root. */
export const fileKeyPattern =
  /^[a-z]+-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|svg|wav|mp3|m4a|aac|ogg|flac|webm)$/;

export const newFileKey = (kind: string, mediaType: StoredMediaType) =>
  `${kind}-${newId()}.${extensions[mediaType]}`;

/** A new key of the same kind and media type as `key`, for a copy. */
export const siblingKey = (key: string) => key.replace(/-[0-9a-f-]{36}\./, `-${newId()}.`);

/** The media type a key was stored with, from its extension. */
export function mediaTypeOfKey(key: string): StoredMediaType | null {
  const extension = key.split('.').pop();
  const found = Object.entries(extensions).find(([, candidate]) => candidate === extension);
  return found ? (found[0] as StoredMediaType) : null;
}

/** An inclusive byte range of a stored file. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStorage {
  put(key: string, body: Uint8Array): Promise<void>;
  /** Stores the file at `sourcePath` (an upload's temporary file) under `key`, without reading it into memory. */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** The file's size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** Streams the file, or the inclusive byte range of it; the caller checks the range against `size` first. */
  stream(key: string, range?: ByteRange): Readable;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Copies the file to a new key; false when there is no file to copy. */
  copy(fromKey: string, toKey: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Throws unless files can be stored (the directory can be written, the bucket answers). */
  check(): Promise<void>;
}

function assertKey(key: string) {
  if (!fileKeyPattern.test(key)) throw new Error(`Invalid file key: ${key}`);
}

/** Files under `root` (DATA_DIR/files), one per key. */
export function createLocalFileStorage(root: string): FileStorage {
  return {
    async put(key, body) {
      assertKey(key);
      await mkdir(root, { recursive: true });
      // `wx`: a key is never rewritten (every upload gets a new one), and nobody asks for it before the
      // database names it, which happens once this write is done.
      await writeFile(path.join(root, key), body, { flag: 'wx' });
    },
    async get(key) {
      assertKey(key);
      return readFile(path.join(root, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async putFile(key, sourcePath) {
      assertKey(key);
      await mkdir(root, { recursive: true });
      await copyFile(sourcePath, path.join(root, key), constants.COPYFILE_EXCL);
    },
    async size(key) {
      assertKey(key);
      return stat(path.join(root, key)).then(
        (stats) => stats.size,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return null;
          throw error;
        },
      );
    },
    stream(key, range) {
      assertKey(key);
      return createReadStream(path.join(root, key), range);
    },
    async copy(fromKey, toKey) {
      assertKey(fromKey);
      assertKey(toKey);
      return copyFile(path.join(root, fromKey), path.join(root, toKey), constants.COPYFILE_EXCL).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      );
    },
    async delete(key) {
      assertKey(key);
      await rm(path.join(root, key), { force: true });
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
