// One feature, one name, everywhere (STYLE.md convention 12): every `contract/<name>.ts` has its server folder
// (`server/<name>/`) and its tests (`tests/api/<name>/`, or a test file named for it), so that a new feature's
// name is chosen once, in the contract, and found again on every side. The zod-free values of a contract file are
// in `contract/values/<name>.ts`, under the same name (decision 0203).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Contract files that are no feature, each with its reason: nothing serves them on their own. */
const notFeatures: Record<string, string> = {
  common: 'the shapes every API module shares (errors, ids, keyset pages)',
  enums: "the product's enumerations and constants, used by every feature",
  filters: 'the home and campaign filters, read by the conversation list, the dashboards and the alerts',
  'storable-text':
    'what decoded input the API can store, checked for every request by a plugin (plugins/reject-unstorable-text.ts)',
};

/**
 * Features that are a part of a parent feature, each with the folder it lives in below the parent: the part's
 * routes need the parent's resource (a conversation's discussion, the dashboards' graphs).
 */
const parts: Record<string, string> = {
  discussion: 'conversations/discussion',
  'dashboard-graphs': 'dashboards/graphs',
};

const contractNames = (contractDir: string) =>
  readdirSync(contractDir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();

/** Every test file's path below tests/, relative to it. */
function testFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? testFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : /\.(test|spec)\.tsx?$/.test(entry.name)
        ? [`${prefix}${entry.name}`]
        : [],
  );
}

const isFolder = (folder: string) => existsSync(folder) && readdirSync(folder).length > 0;

/** What a contract name lacks: its server folder, its tests, or nothing. */
function missingFor(name: string, rootDir: string, tests: readonly string[]): string[] {
  const folder = parts[name] ?? name;
  const missing: string[] = [];
  if (!isFolder(path.join(rootDir, 'server', folder))) missing.push(`server/${folder}/`);
  const named = (file: string) => path.basename(file).replace(/\.(test|spec)\.tsx?$/, '') === name;
  const hasTests = tests.some(
    (file) => file.startsWith(`api/${folder}/`) || file.startsWith(`api/${folder}.test.`) || named(file),
  );
  if (!hasTests) missing.push(`tests/api/${folder}/ or a test file named ${name}`);
  return missing;
}

describe('the names of the features', () => {
  const tests = testFiles(path.join(root, 'tests'));
  const names = contractNames(path.join(root, 'contract'));

  it('give every contract file its server folder and its tests', () => {
    const missing = names
      .filter((name) => !(name in notFeatures))
      .flatMap((name) => missingFor(name, root, tests).map((what) => `contract/${name}.ts: no ${what}`));
    expect(missing).toEqual([]);
  });

  it('allow only contract files that exist', () => {
    const listed = [...Object.keys(notFeatures), ...Object.keys(parts)];
    expect(listed.filter((name) => !names.includes(name))).toEqual([]);
  });

  it('name each file of zod-free values after its contract file', () => {
    const values = contractNames(path.join(root, 'contract', 'values'));
    expect(values.filter((name) => !names.includes(name))).toEqual([]);
  });
});
