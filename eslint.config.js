// Lint rules for the whole repository: TypeScript everywhere, React hooks in the browser app.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dist-db-template',
      'data',
      'node_modules',
      'server/db/migrations',
      'test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // SQL lives in stores (STYLE.md convention 13): outside `store.ts` and `*-store.ts` files no server module
    // imports drizzle-orm or the schema's tables, so routes, presenters, services, plugins, job handlers and engines
    // call a store instead of writing a query. Row types from the schema stay importable with `import type`.
    // Exempt: the database layer itself (client, schema, PGlite; migrations are SQL files), and the demo data seeding
    // (server/demo/: it fills the tables straight from fixtures). server/domain has its own, stricter rule below.
    files: ['server/**/*.ts'],
    ignores: [
      'server/**/store.ts',
      'server/**/*-store.ts',
      'server/db/client.ts',
      'server/db/schema.ts',
      'server/db/pglite*.ts',
      'server/demo/**',
      'server/domain/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema', './schema'],
              allowTypeImports: true,
              message:
                'SQL lives in stores: call a store.ts / *-store.ts function; import schema row types with `import type` only.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message:
                "SQL lives in stores: move the query into the feature's store.ts or a *-store.ts file.",
            },
          ],
        },
      ],
    },
  },
  {
    // Domain rules are pure: they decide from the values they are given and never reach a database, the file
    // system, the network or the HTTP layer, so they are unit-tested without any of those. Row types from the
    // schema are data shapes, so importing them as types stays allowed.
    files: ['server/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema'],
              allowTypeImports: true,
              message: 'server/domain is pure: import schema row types with `import type` only.',
            },
            {
              group: [
                '**/db/*',
                '!**/db/schema',
                '**/storage/*',
                '**/mail/*',
                '**/plugins/*',
                '**/auth/*',
                '**/live/*',
                '**/store',
                '**/service',
                '**/routes',
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
                'pg/*',
                'postgres',
                '@electric-sql/*',
                'fastify',
                'fastify-*',
                '@fastify/*',
                'ws',
                'nodemailer',
                'node:*',
                'fs',
                'fs/*',
                'net',
                'http',
                'https',
                'http2',
                'tls',
                'dgram',
                'dns',
                'child_process',
                'worker_threads',
              ],
              message: 'server/domain is pure: no database, file, network or HTTP code here (DESIGN.md §3).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
