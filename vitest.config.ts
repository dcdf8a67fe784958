// Vitest runs the unit, machine, API, topology and engine tests as five projects; the browser e2e tests run in
// Chromium through Playwright. Only the API, topology and engine projects build the server (dist-server/, once,
// before any of their files), so `npm run test:unit` (the unit and machine projects) starts at once.
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
        // The whole topology (load balancer, web and worker processes) on PostgreSQL: skipped without it.
        extends: true,
        test: { name: 'topology', include: ['tests/topology/**/*.test.ts'], globalSetup: buildsServer },
      },
      {
        extends: true,
        test: { name: 'engines', include: ['tests/engines/**/*.test.{ts,tsx}'], globalSetup: buildsServer },
      },
    ],
  },
});
