import { defineConfig } from 'vitest/config';

// Separate from the web app's Vite config: no React Router plugin in unit and component tests.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker instead of per file (decision 0077): the app's modules are
          // imported once, not 74 times. Safe because server tests share no module state: nothing is
          // mocked or stubbed, and every test builds its own app, database and data folder.
          isolate: false,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          // beforeAll builds a whole app (migrations, demo content): seconds when idle, far more
          // on a busy two-core runner with test files in parallel.
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}', 'apps/web/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/app/test/setup.ts'],
          css: false,
        },
      },
    ],
  },
});
