// The browser build's chunking (decision 0197): what the first signed-in route runs goes in four chunks (the boot,
// which the entry runs first (decision 0228), the packages, the app's shell, the home page) instead of the dozens
// Rollup would cut it into by sharing; each part of the translations (decision 0200) goes in a chunk of its own;
// Headless UI and the packages under it, beyond what the first route runs, go in one chunk, which most pages use,
// and Sonner in another (decision 0218); everything else is left to Rollup. Heroicons are imported one module per
// icon, so that each icon goes with its users.
import type { ManualChunkMeta } from 'rollup';
import type { Plugin } from 'vite';

const homeChunk = 'home';
const bootChunk = 'boot';
/** The app's code the entry imports once the boot has started: the packages' and the app's own. */
const appChunks = ['packages', 'shell'];

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

/** The modules of the first signed-in route, app and home page, as the build's configuration names them. */
export interface FirstRoute {
  /** The app's views, which the entry point imports once the boot has started (decision 0228). */
  app: string;
  home: string;
}

/**
 * Which chunk each module of the first route goes in, computed once the module graph is known: what the entry point
 * imports statically (the boot and XState) in the entry's own chunk, `boot`, so that it runs as soon as that small
 * chunk arrives; the rest of the app's code in `packages` and `shell`; the home page's in `home`.
 */
function firstRouteGroups({ app, home }: FirstRoute, meta: ManualChunkMeta): Map<string, string> {
  const ids = [...meta.getModuleIds()];
  const find = (path: string) => {
    const id = ids.find((candidate) => candidate.endsWith(path));
    if (!id) throw new Error(`${path} is not in the build`);
    return id;
  };
  const boot = new Set<string>();
  for (const entry of ids.filter((id) => meta.getModuleInfo(id)?.isEntry)) staticClosure(entry, meta, boot);
  const groups = new Map<string, string>();
  for (const id of boot) groups.set(id, bootChunk);
  for (const id of staticClosure(find(app), meta)) {
    if (!boot.has(id)) groups.set(id, isPackageCode(id, meta) ? 'packages' : 'shell');
  }
  for (const id of staticClosure(find(home), meta)) if (!groups.has(id)) groups.set(id, homeChunk);
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
 * Rollup's `manualChunks`: the first route's modules in their four chunks, each translation part alone, the rest
 * of Headless UI together, the others where Rollup puts them.
 */
export function firstRouteChunks(firstRoute: FirstRoute) {
  let groups: Map<string, string> | undefined;
  return (id: string, meta: ManualChunkMeta): string | undefined => {
    groups ??= firstRouteGroups(firstRoute, meta);
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
 * index.html preloads the first route's chunks beyond the entry's (decision 0228; the home page's since decision
 * 0200): they download with the entry instead of once it has run and imported the app. A session that opens on
 * another page downloads the home's chunk without running it.
 */
export const preloadFirstRoute = (): Plugin => {
  let base = '/';
  return {
    name: 'preload-first-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        return [...appChunks, homeChunk].map((name) => {
          const chunk = Object.values(bundle ?? {}).find(
            (file) => file.type === 'chunk' && file.name === name,
          );
          if (!chunk) throw new Error(`The build has no ${name} chunk`);
          return {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
};
