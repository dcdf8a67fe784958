// The lint rule that keeps server/domain free of I/O: it refuses database, file, network and HTTP imports there.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restrictedImports(code: string, filePath = 'server/domain/access/example.ts') {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter(
    (message) => message.ruleId === '@typescript-eslint/no-restricted-imports',
  ).length;
}

describe('server/domain purity', () => {
  it.each([
    "import { eq } from 'drizzle-orm';",
    "import { readFile } from 'node:fs/promises';",
    "import type { Database } from '../../db/client';",
    "import { users } from '../../db/schema';",
    "import { findUser } from '../../users/store';",
    "import Fastify from 'fastify';",
    "import { PGlite } from '@electric-sql/pglite';",
  ])('refuses %s', async (line) => {
    expect(await restrictedImports(`${line}\nexport const used = [];\n`)).toBe(1);
  });

  it('allows the contract, errors, other domain modules and schema row types', async () => {
    const code = [
      "import type { CampaignRole } from '../../../contract/enums';",
      "import type { users } from '../../db/schema';",
      "import { Forbidden } from '../../errors';",
      "import { refuse } from './principal';",
    ].join('\n');
    expect(await restrictedImports(code)).toBe(0);
  });

  it('leaves the rest of the server alone', async () => {
    expect(await restrictedImports("import { eq } from 'drizzle-orm';", 'server/users/store.ts')).toBe(0);
  });
});
