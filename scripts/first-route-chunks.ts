// The browser build's chunking (decision 0197): what the first signed-in route runs goes in three chunks (the
// packages, the app's shell, the home page) instead of the dozens Rollup would cut it into by sharing; each part
// of the translations (decision 0200) goes in a chunk of its own; Headless UI and the packages under it, beyond
// what the first route runs, go in one chunk, which most pages use, and Sonner in another (decision 0218);
// everything else is left to Rollup. Heroicons
// are imported one module per icon, so that each icon goes with its users.
import type { ManualChunkMeta } from 'rollup';
import type { Plugin } from 'vite';

const homeChunk = 'home';

/** The modules `id` imports statically, itself included, recursively. */
function staticClosure(id: string, meta: ManualChunkMeta, seen = new Set<string>()): Set<string> {
  if (seen.has(id)) return seen;
  seen.add(id);
  for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) staticClosure(imported, meta, seen);
  return seen;
}

/**
 * Whether a first-route module is the packages' code: theirs, or a build helper (a virtual module, `\0…`) that a
 * package imports, such as Rollup's `\0commonjsHelpers.js` for CommonJS packages (React). With the app's shell,
 * such a helper would make the packages' chunk import the shell's, which imports the packages': a circular chunk.
 */
const isPackageCode = (id: string, meta: ManualChunkMeta): boolean =>
  id.includes('/node_modules/') ||
  (id.startsWith('\0') &&
    (meta.getModuleInfo(id)?.importers ?? []).some((importer) => importer.includes('/node_modules/')));

/** Which chunk each module of the first route goes in, computed once the module graph is known. */
function firstRouteGroups(homePage: string, meta: ManualChunkMeta): Map<string, string> {
  const ids = [...meta.getModuleIds()];
  const entries = ids.filter((id) => meta.getModuleInfo(id)?.isEntry);
  const home = ids.find((id) => id.endsWith(homePage));
  if (!home) throw new Error(`${homePage} is not in the build`);
  const shell = new Set<string>();
  for (const entry of entries) staticClosure(entry, meta, shell);
  const groups = new Map<string, string>();
  for (const id of shell) groups.set(id, isPackageCode(id, meta) ? 'packages' : 'shell');
  for (const id of staticClosure(home, meta)) if (!shell.has(id)) groups.set(id, homeChunk);
  return groups;
}

/** `en-first-route` for `src/i18n/en.json?first-route`: small enough that Rollup would merge it with others. */
const translationPart = (id: string) => /([a-z]+)\.json\?([a-z-]+)$/.exec(id)?.slice(1).join('-');

/**
 * Headless UI's modules and the packages it is built on: shared by most pages in pieces, Rollup would cut them
 * into half a dozen chunks of a few KiB, each a request of the home's dashboards and the conversation list.
 */
const headlessUi =
  /\/node_modules\/(@headlessui|@floating-ui|@react-aria|react-aria|@react-stately|react-stately|@tanstack\/react-virtual)\//;

/**
 * Sonner, the toasts' package, and `useNotify`, the app's way to it: every page that says how an action went imports
 * them. Left to Rollup, they went with whatever small chunk was merged with them (an alerts page and its switch,
 * and through it Headless UI), which the review screen then loaded in its first paint (decision 0218).
 */
const toasts = /\/node_modules\/sonner\/|\/src\/views\/components\/use-notify\.tsx$/;

/**
 * React DOM's modules the first route does not import itself (the interop that gives `flushSync` and `createPortal`
 * to Headless UI and Sonner, a few bytes): with the rest of React DOM, not in Headless UI's chunk, where Sonner's
 * toasts would load Headless UI with them (decision 0218).
 */
const reactDom = /\/node_modules\/react-dom\//;

/**
 * Rollup's `manualChunks`: the first route's modules in their three chunks, each translation part alone, the rest
 * of Headless UI together, the others where Rollup puts them.
 */
export function firstRouteChunks(homePage: string) {
  let groups: Map<string, string> | undefined;
  return (id: string, meta: ManualChunkMeta): string | undefined => {
    groups ??= firstRouteGroups(homePage, meta);
    return (
      translationPart(id) ??
      groups.get(id) ??
      (reactDom.test(id)
        ? 'packages'
        : headlessUi.test(id)
          ? 'headless-ui'
          : toasts.test(id)
            ? 'toasts'
            : undefined)
    );
  };
}

const iconImport = /import\s*\{([^}]+)\}\s*from\s*'@heroicons\/react\/(\d+\/(?:solid|outline))';/g;

/**
 * `import { A, B } from '@heroicons/react/20/solid'` as one import per icon module: through the package's index,
 * every icon the app uses anywhere would follow the index into the first route's manual chunk.
 */
export const heroiconsPerModule = (): Plugin => ({
  name: 'heroicons-per-module',
  enforce: 'pre',
  transform(code, id) {
    if (id.includes('/node_modules/') || !/\.tsx?$/.test(id) || !code.includes('@heroicons/react/'))
      return null;
    // As many lines as the import it replaces, so that the code below stays in place and the source map holds
    // (`map: null`).
    const perModule = code.replace(iconImport, (statement, names: string, style: string) =>
      names
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => {
          const [icon, local = icon] = name.split(/\s+as\s+/);
          return `import ${local} from '@heroicons/react/${style}/${icon}';`;
        })
        .join(' ')
        .concat('\n'.repeat(statement.split('\n').length - 1)),
    );
    return { code: perModule, map: null };
  },
});

/**
 * index.html preloads the home page's chunk (decision 0200): it downloads with the entry instead of once the
 * session is known and the home asks for it. A session that opens on another page downloads it without running it.
 */
export const preloadHomeChunk = (): Plugin => {
  let base = '/';
  return {
    name: 'preload-home-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.name === homeChunk,
        );
        if (!chunk) throw new Error(`The build has no ${homeChunk} chunk`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
};
