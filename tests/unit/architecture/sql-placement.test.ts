// The lint rule that keeps SQL in stores: outside `store.ts` and `*-store.ts` no server module imports drizzle-orm
// or the schema's tables (row types with `import type` aside); the database layer is exempt.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restrictedImports(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter(
    (message) => message.ruleId === '@typescript-eslint/no-restricted-imports',
  ).length;
}

const forbidden = [
  "import { eq } from 'drizzle-orm';",
  "import { alias } from 'drizzle-orm/pg-core';",
  "import type { SQL } from 'drizzle-orm';",
  "import { users } from '../db/schema';",
  "import { users } from '../../db/schema';",
  "import * as schema from '../db/schema';",
];

/** One file of each kind that never holds SQL. */
const withoutSql = [
  'server/users/routes.ts',
  'server/conversations/list-routes.ts',
  'server/users/present.ts',
  'server/campaigns/service.ts',
  'server/plugins/authenticate.ts',
  'server/jobs/handlers/analysis.ts',
  'server/engines/analysis/index.ts',
  'server/evaluation-grids/golden-set.ts',
  'server/app.ts',
  'server/db/lists.ts',
];

describe('SQL placement', () => {
  describe.each(withoutSql)('in %s', (filePath) => {
    it.each(forbidden)('refuses %s', async (line) => {
      expect(await restrictedImports(`${line}\nexport const used = [];\n`, filePath)).toBe(1);
    });

    it('allows schema row types imported as types', async () => {
      const code = [
        "import type { users } from '../db/schema';",
        "import { type campaigns } from '../db/schema';",
        "import { findUser } from './store';",
        "import { kpis } from './kpis-store';",
        'export const used = [];',
      ].join('\n');
      expect(await restrictedImports(code, filePath)).toBe(0);
    });
  });

  it('refuses the schema imported from inside server/db', async () => {
    const code = "import { users } from './schema';\nexport const used = [];\n";
    expect(await restrictedImports(code, 'server/db/lists.ts')).toBe(1);
  });

  it.each([
    'server/users/store.ts',
    'server/admin/kpis-store.ts',
    'server/dashboards/graphs/scope-store.ts',
    'server/db/client.ts',
    'server/db/schema.ts',
    'server/db/pglite.ts',
  ])('allows SQL in %s', async (filePath) => {
    const code = `${forbidden.join('\n')}\nexport const used = [];\n`;
    expect(await restrictedImports(code, filePath)).toBe(0);
  });
});
