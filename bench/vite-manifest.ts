// Reads the Vite build manifest, for the benchmarks that measure what a route downloads.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export async function readManifest(distDir: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The files a chunk needs before it runs: itself, its static imports (recursively) and their CSS. */
export function staticClosure(
  manifest: Manifest,
  key: string | undefined,
  files = new Set<string>(),
): Set<string> {
  const chunk = key === undefined ? undefined : manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}
