// Vitest runs the unit, machine and API tests; the browser e2e tests run in Chromium through Playwright.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/fixtures/build-server.ts'],
  },
});
