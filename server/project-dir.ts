// Where the project's built artefacts live: found from the server's own file, the same from source and from the
// dist-server/ bundle.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The directory holding package.json above `dir`. */
function projectRoot(dir: string): string {
  if (existsSync(path.join(dir, 'package.json'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error('No package.json above the server: cannot locate the built artefacts');
  return projectRoot(parent);
}

export const projectDir = projectRoot(path.dirname(fileURLToPath(import.meta.url)));
