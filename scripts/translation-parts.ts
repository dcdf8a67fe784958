// The translations in two parts (decision 0200), computed at build time from one file per language: importing
// `./en.json?first-route` gives the keys the first signed-in route uses (the same modules as the four chunks of
// scripts/first-route-chunks.ts: the entries', the app's and the home page's static imports), `./en.json?rest`
// every other key. The development server serves the whole file as the first part and nothing as the rest.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PluginContext } from 'rollup';
import type { Plugin } from 'vite';
import type { FirstRoute } from './first-route-chunks';

export type Translations = { [key: string]: string | Translations };

// `?first-route` in the build, `?import&first-route` on the development server.
const partQuery = /\.json\?(?:import&)?(first-route|rest)$/;

/**
 * What a module's code names of the translations: quoted words with dots that look like keys (`'nav.home'`,
 * `"errors.network"`), and the fixed starts of keys built at run time (`` `nav.${key}` ``, `'errors.' + code`).
 */
export function keysNamedIn(code: string): { keys: Set<string>; prefixes: Set<string> } {
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  for (const [, , name] of code.matchAll(/(["'`])([a-z][\w-]*(?:\.[\w-]+)+)\1/g)) keys.add(name as string);
  for (const [, name] of code.matchAll(/["'`]([a-z][\w-]*(?:\.[\w-]+)*\.)(?:["']|\$\{)/g)) {
    prefixes.add(name as string);
  }
  return { keys, prefixes };
}

/** Whether a key (`a.b`, `a.b_one` for a plural form) is one `named` holds, or under one of its names or starts. */
export function namesKey({ keys, prefixes }: ReturnType<typeof keysNamedIn>) {
  return (key: string): boolean => {
    const withoutPlural = key.replace(/_(zero|one|two|few|many|other)$/, '');
    if (keys.has(key) || keys.has(withoutPlural)) return true;
    const parts = key.split('.');
    return parts.slice(1).some((_, index) => {
      const branch = parts.slice(0, index + 1).join('.');
      return keys.has(branch) || prefixes.has(`${branch}.`);
    });
  };
}

/** The keys of `tree` that `keep` accepts, in the same nesting; branches left empty are dropped. */
export function pickKeys(tree: Translations, keep: (key: string) => boolean, prefix = ''): Translations {
  const picked: Translations = {};
  for (const [name, value] of Object.entries(tree)) {
    const key = `${prefix}${name}`;
    if (typeof value === 'string') {
      if (keep(key)) picked[name] = value;
    } else {
      const branch = pickKeys(value, keep, `${key}.`);
      if (Object.keys(branch).length > 0) picked[name] = branch;
    }
  }
  return picked;
}

/**
 * The code of the first route's own modules: the entries', the app's and the home page's static imports,
 * recursively.
 */
async function firstRouteCode(context: PluginContext, { app, home }: FirstRoute): Promise<string[]> {
  const entries = [...context.getModuleIds()].filter((id) => context.getModuleInfo(id)?.isEntry);
  const resolve = async (modulePath: string) => {
    const resolved = await context.resolve(path.resolve(modulePath));
    if (!resolved) throw new Error(`${modulePath} is not in the build`);
    return resolved.id;
  };
  const code = new Map<string, string>();
  const visit = async (id: string): Promise<void> => {
    if (code.has(id) || id.includes('/node_modules/') || id.startsWith('\0')) return;
    code.set(id, '');
    const info = await context.load({ id, resolveDependencies: true });
    code.set(id, info.code ?? '');
    await Promise.all(info.importedIds.map(visit));
  };
  await Promise.all([...entries, await resolve(app), await resolve(home)].map(visit));
  return [...code.values()];
}

export function translationParts(firstRoute: FirstRoute): Plugin {
  let serving = false;
  let firstRouteKey: Promise<(key: string) => boolean> | undefined;
  return {
    name: 'translation-parts',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    buildStart() {
      firstRouteKey = undefined;
    },
    // Answers JSON: Vite's JSON plugin makes the module of it, as for the whole file.
    async load(id) {
      const part = partQuery.exec(id)?.[1];
      if (!part) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const translations = JSON.parse(await readFile(file, 'utf8')) as Translations;
      if (serving) return JSON.stringify(part === 'first-route' ? translations : {});
      firstRouteKey ??= firstRouteCode(this, firstRoute).then((code) =>
        namesKey(keysNamedIn(code.join('\n'))),
      );
      const inFirstRoute = await firstRouteKey;
      return JSON.stringify(
        pickKeys(translations, part === 'first-route' ? inFirstRoute : (key) => !inFirstRoute(key)),
      );
    },
  };
}
