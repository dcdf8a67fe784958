// Vitest runs the unit, machine, API and engine tests as four projects; the browser e2e tests run in Chromium
// through Playwright. Only the API and engine projects build the server (dist-server/, once, before any of their
// files), so `npm run test:unit` (the unit and machine projects) starts at once.
import { defineConfig } from 'vitest/config';

const buildsServer = ['tests/fixtures/build-server.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'machines', include: ['tests/machines/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.{ts,tsx}'], globalSetup: buildsServer },
      },
      {
        extends: true,
        test: { name: 'engines', include: ['tests/engines/**/*.test.{ts,tsx}'], globalSetup: buildsServer },
      },
    ],
  },
});
