// Copies a directory tree with every file copied at once: for PGlite's template (about 1,100 small files) this takes
// a fraction of `fs.cp`'s time, which walks and copies the tree one entry after another.
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

export async function copyDirectory(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const relative = (entry: { parentPath: string; name: string }) =>
    path.relative(from, path.join(entry.parentPath, entry.name));
  await mkdir(to, { recursive: true });
  // Recursive, so the order in which they are made does not matter.
  await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => mkdir(path.join(to, relative(entry)), { recursive: true })),
  );
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => copyFile(path.join(from, relative(entry)), path.join(to, relative(entry)))),
  );
}
