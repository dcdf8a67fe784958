// The first route's chunking: the boot the entry runs at once in the entry's chunk, the app's modules in the
// shell's chunk, the packages' in theirs, and the build helpers that packages import with the packages, so that the
// two chunks never import each other.
import type { ManualChunkMeta, ModuleInfo } from 'rollup';
import { describe, expect, it } from 'vitest';
import { firstRouteChunks } from '../../../scripts/first-route-chunks';

const firstRoute = { app: 'src/app.tsx', home: 'src/views/pages/home/HomePage.tsx' };

/** A module graph as Rollup's `manualChunks` sees it (the fields it reads), from each module's static imports. */
function graph(imports: Record<string, string[]>): ManualChunkMeta {
  const importersOf = (id: string) => Object.keys(imports).filter((other) => imports[other]?.includes(id));
  return {
    getModuleIds: () => Object.keys(imports)[Symbol.iterator](),
    getModuleInfo: (id: string) =>
      id in imports
        ? ({
            id,
            isEntry: id === '/app/src/main.tsx',
            importedIds: imports[id] ?? [],
            importers: importersOf(id),
          } as Partial<ModuleInfo> as ModuleInfo)
        : null,
  };
}

// The entry imports the app dynamically: not among its static imports.
const meta = graph({
  '/app/src/main.tsx': ['/app/node_modules/xstate/index.js', '\0vite/preload-helper.js', '/app/src/boot.ts'],
  '/app/src/boot.ts': ['/app/node_modules/xstate/index.js'],
  '/app/node_modules/xstate/index.js': [],
  '/app/src/app.tsx': ['/app/node_modules/react/index.js', '/app/src/shell.tsx', '/app/src/boot.ts'],
  '/app/src/shell.tsx': ['/app/node_modules/react/index.js', '/app/node_modules/xstate/index.js'],
  '/app/node_modules/react/index.js': [
    '/app/node_modules/react/cjs/react.production.js',
    '\0commonjsHelpers.js',
  ],
  '/app/node_modules/react/cjs/react.production.js': ['\0commonjsHelpers.js'],
  '\0commonjsHelpers.js': [],
  '\0vite/preload-helper.js': [],
  [`/app/${firstRoute.home}`]: ['/app/src/shell.tsx', '/app/src/home-card.tsx'],
  '/app/src/home-card.tsx': [],
});

describe('the first route chunks', () => {
  const chunkOf = firstRouteChunks(firstRoute);
  const chunk = (id: string) => chunkOf(id, meta);

  it('puts the CommonJS helpers the packages import with the packages, not with the shell that imports them', () => {
    expect(chunk('\0commonjsHelpers.js')).toBe('packages');
    expect(chunk('/app/node_modules/react/index.js')).toBe('packages');
    expect(chunk('/app/node_modules/react/cjs/react.production.js')).toBe('packages');
  });

  it('keeps what the entry imports, packages included, in the boot chunk, where the app imports it from', () => {
    expect(chunk('/app/src/main.tsx')).toBe('boot');
    expect(chunk('/app/src/boot.ts')).toBe('boot');
    expect(chunk('/app/node_modules/xstate/index.js')).toBe('boot');
    expect(chunk('\0vite/preload-helper.js')).toBe('boot');
  });

  it("keeps the app's modules in the shell, the home page's in its own", () => {
    expect(chunk('/app/src/app.tsx')).toBe('shell');
    expect(chunk('/app/src/shell.tsx')).toBe('shell');
    expect(chunk(`/app/${firstRoute.home}`)).toBe('home');
    expect(chunk('/app/src/home-card.tsx')).toBe('home');
  });
});
