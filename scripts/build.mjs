// Builds what `npm start` runs: the browser app into dist/ (Vite, then brotli and gzip copies of each file), the
// server into dist-server/ (esbuild) and a PGlite data directory with every migration applied and no data into
// dist-db-template/. With --if-stale a target is rebuilt only when the hash of its inputs differs from the one stored
// beside its output, so an unchanged checkout starts at once.
// Plain JavaScript so that `npm start` runs it without a TypeScript loader.
// Usage: node scripts/build.mjs [--if-stale] [web] [server] [database]
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampName = '.inputs-hash';

/**
 * The server's entry points, as output name → source. Each is emitted flat into dist-server/, so a worker thread's
 * entry is found beside the bundle (`new URL('./pglite-worker.js', import.meta.url)`).
 */
const serverEntries = { main: 'server/main.ts', 'pglite-worker': 'server/db/pglite-worker.ts' };

/**
 * Files the server reads beside its own modules (`new URL('./x', import.meta.url)`), copied to where those lookups
 * land once every module is bundled flat into dist-server/.
 */
const serverAssets = { 'server/db/migrations': 'migrations', 'server/auth/style.css': 'style.css' };

/** Files compressed at build time for @fastify/static's `preCompressed` option (source maps are for devtools only). */
const compressible = /\.(js|css|html|svg|json|txt)$/;

const targets = {
  web: {
    outDir: 'dist',
    inputs: [
      'src',
      'contract',
      'index.html',
      'vite.config.ts',
      'scripts/first-route-chunks.ts',
      'scripts/translation-parts.ts',
      'package-lock.json',
      'scripts/build.mjs',
    ],
    build: buildWebApp,
  },
  server: {
    outDir: 'dist-server',
    inputs: ['server', 'contract', 'package-lock.json', 'scripts/build.mjs'],
    build: buildServer,
  },
  // A migrated PGlite data directory with no data, copied by a server that starts on a new DATA_DIR instead of
  // running initdb and every migration.
  database: {
    outDir: 'dist-db-template',
    inputs: ['package-lock.json', 'scripts/build.mjs', 'server/db/migrations'],
    build: buildDatabaseTemplate,
  },
};

async function buildWebApp(outDir) {
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
  await compressTree(outDir);
}

async function compressTree(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && compressible.test(entry.name));
  await Promise.all(
    files.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const content = await readFile(file);
      const [brotli, gzipped] = await Promise.all([
        promisify(brotliCompress)(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        promisify(gzip)(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // A compressed copy that saves nothing would only cost a disk read.
      if (brotli.length < content.length) await writeFile(`${file}.br`, brotli);
      if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
    }),
  );
}

async function buildServer(outDir) {
  const esbuild = await import('esbuild');
  await rm(outDir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: serverEntries,
    outdir: outDir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies load from node_modules as they are (native argon2, PGlite's WebAssembly and data files).
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  await Promise.all(
    Object.entries(serverAssets).map(([source, destination]) =>
      cp(path.join(root, source), path.join(outDir, destination), { recursive: true }),
    ),
  );
}

async function buildDatabaseTemplate(outDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const database = await PGlite.create({ dataDir: path.join(outDir, 'pgdata') });
  // The server's own migrator on the server's own files: a server started on the copy finds them all applied.
  await migrate(drizzle({ client: database }), { migrationsFolder: path.join(root, 'server/db/migrations') });
  await database.close();
}

async function listFiles(input) {
  const absolute = path.join(root, input);
  const entries = await readdir(absolute, { recursive: true, withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOTDIR') return null;
    throw error;
  });
  if (!entries) return [input];
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** A hash of the inputs' paths and contents: cheap (a few hundred small files) and blind to mere mtime changes. */
async function hashInputs(inputs) {
  const files = (await Promise.all(inputs.map(listFiles))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const readStamp = (outDir) => readFile(path.join(root, outDir, stampName), 'utf8').catch(() => '');

const args = process.argv.slice(2);
const ifStale = args.includes('--if-stale');
const unknown = args.filter((arg) => arg !== '--if-stale' && !(arg in targets));
if (unknown.length > 0) {
  console.error(
    `Unknown argument(s): ${unknown.join(', ')}. Usage: node scripts/build.mjs [--if-stale] [web] [server] [database]`,
  );
  process.exit(2);
}
const chosen = args.filter((arg) => arg in targets);

for (const name of chosen.length > 0 ? chosen : Object.keys(targets)) {
  const { outDir, inputs, build } = targets[name];
  const inputsHash = await hashInputs(inputs);
  if (ifStale && (await readStamp(outDir)) === inputsHash) continue;
  const startedAt = performance.now();
  await build(path.join(root, outDir));
  await writeFile(path.join(root, outDir, stampName), inputsHash);
  console.log(`Built ${name} into ${outDir}/ in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}
