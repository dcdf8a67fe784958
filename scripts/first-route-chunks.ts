// Rollup's `manualChunks` for the browser build: what the first signed-in route runs goes in three chunks
// (the packages, the app's shell, the home page) instead of the dozens Rollup would cut it into by sharing
// (decision 0197); everything else is left to Rollup.
import type { ManualChunkMeta } from 'rollup';

/** The modules `id` imports statically, itself included, recursively. */
function staticClosure(id: string, meta: ManualChunkMeta, seen = new Set<string>()): Set<string> {
  if (seen.has(id)) return seen;
  seen.add(id);
  for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) staticClosure(imported, meta, seen);
  return seen;
}

/** Which chunk each module of the first route goes in, computed once the module graph is known. */
function firstRouteGroups(homePage: string, meta: ManualChunkMeta): Map<string, string> {
  const ids = [...meta.getModuleIds()];
  const entries = ids.filter((id) => meta.getModuleInfo(id)?.isEntry);
  const home = ids.find((id) => id.endsWith(homePage));
  if (!home) throw new Error(`${homePage} is not in the build`);
  const shell = new Set<string>();
  for (const entry of entries) staticClosure(entry, meta, shell);
  const groups = new Map<string, string>();
  for (const id of shell) groups.set(id, id.includes('/node_modules/') ? 'packages' : 'shell');
  for (const id of staticClosure(home, meta)) if (!shell.has(id)) groups.set(id, 'home');
  return groups;
}

export function firstRouteChunks(homePage: string) {
  let groups: Map<string, string> | undefined;
  return (id: string, meta: ManualChunkMeta): string | undefined => {
    groups ??= firstRouteGroups(homePage, meta);
    return groups.get(id);
  };
}
