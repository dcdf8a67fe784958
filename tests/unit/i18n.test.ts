// Every visible string is a key present in both languages: same keys in en.json and fr.json, and every literal
// key the views and services use exists.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import fr from '../../src/i18n/fr.json';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(directory, entry.name);
      return entry.isDirectory()
        ? sourceFiles(full)
        : Promise.resolve(/\.tsx?$/.test(entry.name) ? [full] : []);
    }),
  );
  return nested.flat();
}

describe('translations', () => {
  const englishKeys = flatten(en as Tree);
  const frenchKeys = flatten(fr as Tree);

  it('have the same keys in English and French, none empty', () => {
    expect([...frenchKeys].sort()).toEqual([...englishKeys].sort());
    for (const key of englishKeys) {
      const value = (tree: Tree) =>
        key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part] ?? '', tree);
      expect(value(en as Tree), key).not.toBe('');
      expect(value(fr as Tree), key).not.toBe('');
    }
  });

  it('contain every literal key the browser app uses', async () => {
    const known = new Set(englishKeys.map((key) => key.replace(/_(one|other)$/, '')));
    const used = new Set<string>();
    for (const file of await sourceFiles(path.resolve('src'))) {
      const text = await readFile(file, 'utf8');
      // t('a.b'), notify.success('a.b'), and zod messages 'validation.x' written as string literals.
      for (const match of text.matchAll(
        /(?:\bt|success|error|failure)\(\s*'([a-z][A-Za-z]*(?:\.[A-Za-z]+)+)'/g,
      )) {
        used.add(match[1] as string);
      }
      for (const match of text.matchAll(/'(validation\.[A-Za-z]+)'/g)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
  });
});
